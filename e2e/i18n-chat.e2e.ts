import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import {
  closeBadgeCard,
  matchViaApi,
  screenshot,
  watchBadgeCheck,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
} from './harness';
import { settle } from './waits';
import { englishStrings, type Language, person, saveLanguage, type Theme } from './spanish';

/*
 * Chat in Spanish: Ana's browser and saved language are Spanish, Bea's English. The chats list, the
 * empty conversation, sending and receiving (the day separator, the times, the presence line), the conversation
 * menu and the unmatch confirmation, and a message to someone who has just blocked her: no English catalogue
 * string on any of them, photographed in both themes.
 */
const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface Member {
  context: BrowserContext;
  page: Page;
  user: SelfUser;
}

async function member(
  language: Language,
  theme: Theme,
  overrides: Parameters<typeof signUpViaApi>[1],
): Promise<Member> {
  const { context, page } = await person(env.browser, env.server.baseUrl, language, theme);
  contexts.push(context);
  const user = await signUpViaApi(context, overrides);
  await saveLanguage(context, user, language, theme);
  return { context, page, user };
}

/** No English catalogue string on screen, then the photograph once everything stands still. */
async function check(page: Page, screen: string, name: string): Promise<void> {
  expect(await englishStrings(page.locator('body')), screen).toEqual([]);
  await settle(page);
  await screenshot(page, name);
}

const messageItem = (page: Page, text: string) => page.locator('li[data-message-id]', { hasText: text });

describe('chat in Spanish', () => {
  it.each(['light', 'dark'] as const)('walks the chats list and a conversation in Spanish (%s)', async (theme) => {
    const ana = await member('es', theme, { name: 'Ana', interests: ['Hiking', 'Yoga'] });
    const bea = await member('en', 'light', { name: 'Bea', interests: ['Baking', 'Poetry', 'Museums'] });
    const matchId = await matchViaApi(ana, bea);
    const { page } = ana;

    // The chats list with a new match.
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/chats');
    await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
    const beaRow = page.getByRole('link', { name: /Bea/ });
    await beaRow.getByText('¡Nuevo match!').waitFor();
    await beaRow.getByText('Saluda a Bea 👋').waitFor();
    await page.getByText('1 match', { exact: true }).waitFor();
    await page.getByText('¡Tienes nuevos matches! Toca cualquier perfil para empezar a chatear.').waitFor();
    await page.getByRole('heading', { name: 'Ideas para quedar' }).waitFor();
    await closeBadgeCard(page, badges);
    await expect.poll(() => page.title()).toBe('Mensajes · Steep');
    await check(page, 'chats list, new match', `i18n-chat-list-new-${theme}`);

    // The empty conversation: her interests and the conversation starters.
    await beaRow.click();
    await page.getByRole('heading', { name: '¡Hiciste match con Bea!' }).waitFor();
    await page.getByRole('img', { name: 'Con conexión' }).waitFor({ timeout: 15_000 });
    const starters = page.getByRole('list', { name: 'Ideas para romper el hielo' }).getByRole('button');
    await starters.first().waitFor();
    // Written by the server in her language, the interests' and teas' names too.
    const startersText = (await starters.allTextContents()).join('\n');
    expect(startersText).toMatch(/[¿¡]/);
    expect(startersText).not.toMatch(/Baking|Poetry|Museums|Green Tea|\b(What|you|your)\b/);
    await page.getByText(/^(Última vez |Con actividad reciente|En línea ahora)/).waitFor();
    await check(page, 'empty conversation', `i18n-chat-empty-${theme}`);

    // She sends a message; Bea answers; she answers back.
    const input = page.getByPlaceholder('Escribe un mensaje…');
    await input.fill('¡Hola, Bea! ¿Te apetece un té esta semana?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await messageItem(page, '¡Hola, Bea!').getByRole('img', { name: 'Enviado' }).waitFor();
    const reply = await bea.context.request.post('/api/messages', {
      data: { matchId, content: 'Hi Ana! Thursday after work?', messageType: 'text' },
    });
    expect(reply.status()).toBe(201);
    await messageItem(page, 'Thursday after work?').waitFor();
    await input.fill('¡Perfecto! Nos vemos el jueves.');
    await page.keyboard.press('Enter');
    await messageItem(page, 'Nos vemos el jueves.')
      .getByRole('img', { name: /^(Enviado|Leído)$/ })
      .waitFor();
    // The day separator and the 24-hour Spanish times.
    await page.getByRole('log', { name: 'Conversación' }).getByText('Hoy', { exact: true }).waitFor();
    const time = await messageItem(page, 'Thursday after work?').locator('time').textContent();
    expect(time).toMatch(/^\d{1,2}:\d{2}$/);
    await check(page, 'conversation', `i18n-chat-conversation-${theme}`);

    // The conversation menu and the unmatch confirmation (not confirmed).
    await page.getByRole('button', { name: 'Opciones de la conversación' }).click();
    await page.getByRole('menuitem', { name: 'Compartir mi cita' }).waitFor();
    await page.getByRole('menuitem', { name: 'Bloquear perfil' }).waitFor();
    await check(page, 'conversation menu', `i18n-chat-menu-${theme}`);
    await page.getByRole('menuitem', { name: 'Deshacer match' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Deshacer el match con Bea?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Deshacer', exact: true }).waitFor();
    await check(page, 'unmatch confirmation', `i18n-chat-unmatch-confirm-${theme}`);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Back on the list: her own last message, with the time.
    await page.getByRole('link', { name: 'Volver a los mensajes' }).click();
    await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
    await beaRow.getByText('Tú: ¡Perfecto! Nos vemos el jueves.').waitFor();
    expect(await beaRow.locator('time').textContent()).toMatch(/^\d{1,2}:\d{2}$/);
    await check(page, 'chats list, a conversation', `i18n-chat-list-${theme}`);

    // The error path: Bea blocks her, and her next message says the conversation is gone, in Spanish.
    await beaRow.click();
    await messageItem(page, 'Thursday after work?').waitFor();
    const blocked = await bea.context.request.post('/api/blocks', { data: { blockedUserId: ana.user.id } });
    expect(blocked.status()).toBe(201);
    await input.fill('¿Sigue en pie lo del jueves?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await toastText(page, 'Esta conversación ya no está disponible').waitFor();
    await toastText(page, 'Ya no puedes escribir a esta persona.').waitFor();
    await page.waitForURL('**/chats');
    await page.getByRole('heading', { name: 'Aún no tienes matches' }).waitFor();
    await check(page, 'blocked conversation', `i18n-chat-blocked-${theme}`);
  });
});
