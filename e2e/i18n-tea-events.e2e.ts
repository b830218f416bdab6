import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  badgeJustEarned,
  closeBadgeCard,
  phoneContext,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { englishStrings, person, saveLanguage } from './spanish';
import { settle } from './waits';

/*
 * Tea and meetups in Spanish: a Premium member reads the Tea feed, shares a story (too short
 * first), replies to someone's story, opens the teas and a tea's reviews, then the meetups: the list, a meetup
 * she creates (missing fields first) and another member's meetup sheet. No English catalogue string on any
 * screen; each photographed in the light and dark themes.
 */
const env = useServerAndBrowser();

/** Tomorrow at 18:30 local time, as a datetime-local value. */
function tomorrowEvening(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`;
}

async function noEnglish(page: Page, screen: string) {
  await settle(page);
  expect(await englishStrings(page.locator('body')), screen).toEqual([]);
}

function storyCard(page: Page, title: string) {
  return page.getByTestId('tea-story').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

describe('Tea and meetups in Spanish', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('a Premium member walks Tea, the teas and the meetups in Spanish, errors included', async () => {
    // Someone else (in English): a story to reply to and a meetup to open.
    const other = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(other);
    const host = await signUpViaApi(other, { name: 'Harper Lane', location: 'Portland, Oregon' });
    expect((await other.request.post(`/api/grant-test-subscription/${host.id}`)).status()).toBe(200);
    const storyTitle = 'Three months of maybe';
    const story = await other.request.post('/api/tea/stories', {
      data: {
        title: storyTitle,
        content: 'We met every Sunday for tea and never once called it a date.',
        category: 'Friendship',
        teaType: 'Situationship',
        aboutName: 'Jo',
      },
    });
    expect(story.status()).toBe(201);
    const meetupTitle = 'Oolong by the river';
    const meetup = await other.request.post('/api/events', {
      data: {
        title: meetupTitle,
        description: 'A slow pot of oolong, then a walk.',
        location: 'Portland, Oregon',
        venue: 'Riverside Tea House',
        eventDate: new Date(Date.now() + 48 * 60 * 60_000).toISOString(),
        maxAttendees: 8,
        teaType: 'Oolong',
      },
    });
    expect(meetup.status()).toBe(201);

    // She speaks Spanish and has Premium.
    const { context, page } = await person(env.browser, env.server.baseUrl, 'es', 'light');
    contexts.push(context);
    const me = await signUpViaApi(context, { name: 'Lucía Prieto', location: 'Portland, Oregon' });
    await saveLanguage(context, me, 'es', 'light');
    expect((await context.request.post(`/api/grant-test-subscription/${me.id}`)).status()).toBe(200);

    // The Tea feed.
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/tea');
    const share = page.getByRole('button', { name: 'Cuenta tu experiencia' });
    await share.waitFor();
    // A new member's badge card is the badges' own screen, not Tea's.
    await closeBadgeCard(page, badges);
    const theirs = storyCard(page, storyTitle);
    await theirs.waitFor();
    await theirs.getByText('Casi algo').waitFor();
    await theirs.getByText('Sobre Jo').waitFor();
    await theirs.getByText('Amistad').waitFor();
    await page.getByRole('button', { name: /^Amistad\s*1$/ }).waitFor();
    await noEnglish(page, 'tea feed');
    await shootBothThemes(page, 'i18n-tea-events-feed');

    // Share a story: too short first, the form's errors in Spanish.
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Cuenta tu experiencia' });
    await dialog.getByLabel('Título').fill('ok');
    await dialog.getByLabel('Tu historia').fill('corta');
    await dialog.getByRole('button', { name: 'Compartir de forma anónima' }).click();
    await dialog.getByText('Usa al menos 3 caracteres en el título').waitFor();
    await dialog.getByText('Cuenta tu historia en al menos 20 caracteres').waitFor();
    await noEnglish(page, 'share dialog errors');
    await shootBothThemes(page, 'i18n-tea-events-share-errors');

    await dialog.getByLabel('Título').fill('Me preparó un pícnic sorpresa');
    await dialog.getByLabel('Tu historia').fill('');
    await dialog.getByRole('button', { name: 'Nunca esperé…' }).click();
    expect(await dialog.getByLabel('Tu historia').inputValue()).toBe('Nunca esperé… ');
    await dialog.getByLabel('Tu historia').pressSequentially('un pícnic con té de jazmín y bollos caseros.');
    await dialog.getByLabel(/Relación/).selectOption('First date');
    await dialog.getByLabel('Categoría').selectOption('Dating');
    await dialog.getByRole('button', { name: 'Compartir de forma anónima' }).click();
    await toastText(page, '¡Historia compartida de forma anónima!').waitFor();
    // Her first story earns Storyteller: its card follows the toast.
    await closeBadgeCard(page, await badgeJustEarned(env.server));
    const mine = storyCard(page, 'Me preparó un pícnic sorpresa');
    await mine.getByText('Primera cita').waitFor();
    await mine.getByText('Citas').waitFor();

    // A reply on someone's story.
    await theirs.getByRole('button', { name: /^Ver respuestas/ }).click();
    await theirs.getByText('Aún no hay respuestas. Sé amable y mantén el anonimato.').waitFor();
    await theirs.getByLabel('Responde de forma anónima').fill('A mí me pasó igual. Mereces claridad.');
    await theirs.getByRole('button', { name: 'Responder', exact: true }).click();
    await theirs.getByTestId('tea-reply').filter({ hasText: 'A mí me pasó igual' }).waitFor();
    await toastText(page, 'Respuesta publicada de forma anónima').waitFor();
    await theirs.getByText('(tú)').waitFor();
    await theirs.scrollIntoViewIfNeeded();
    await noEnglish(page, 'replies');
    await shootBothThemes(page, 'i18n-tea-events-replies');

    // The teas tab, and a tea's reviews (a review without stars first).
    await page.getByRole('tab', { name: 'Tés' }).click();
    await page.getByRole('heading', { name: 'Té verde' }).waitFor();
    await page.getByText('Sin cafeína').first().waitFor();
    await noEnglish(page, 'teas');
    await shootBothThemes(page, 'i18n-tea-events-teas');
    await page.getByRole('button', { name: 'Reseñas de Matcha' }).click();
    const reviews = page.getByRole('dialog', { name: 'Reseñas de Matcha' });
    await reviews.getByText('Aún no hay reseñas. Sé la primera persona en reseñar Matcha.').waitFor();
    await reviews.getByRole('button', { name: 'Publicar reseña' }).click();
    await toastText(page, 'Elige una puntuación').waitFor();
    await reviews.getByRole('button', { name: '4 estrellas' }).click();
    await reviews.getByRole('textbox', { name: /^Reseña/ }).fill('Intenso y fresco, perfecto antes de una cita.');
    await reviews.getByRole('button', { name: 'Publicar reseña' }).click();
    await reviews.getByRole('button', { name: 'Actualizar reseña' }).waitFor();
    await reviews.getByRole('img', { name: '4 de 5 estrellas' }).waitFor();
    await noEnglish(page, 'reviews');
    await shootBothThemes(page, 'i18n-tea-events-reviews');

    // Meetups: the list.
    await page.goto('/events');
    await page.getByRole('heading', { name: 'Quedadas con té' }).waitFor();
    const card = page.getByRole('article', { name: meetupTitle });
    await card.getByText('Quedan 7 plazas').waitFor();
    await card.getByText('Organiza').waitFor();
    expect(await page.title()).toBe('Quedadas con té · Steep');
    await noEnglish(page, 'meetups');
    await shootBothThemes(page, 'i18n-tea-events-meetups');

    // Create a meetup: nothing filled in first, then a valid one.
    await page.getByRole('button', { name: 'Crear quedada con té' }).click();
    const create = page.getByRole('dialog', { name: 'Crear quedada con té' });
    await create.getByLabel('Título').fill('');
    await create.getByRole('button', { name: 'Crear quedada' }).click();
    await create.getByText('Ponle un título a tu quedada').waitFor();
    await create.getByText('Indica dónde será el encuentro').waitFor();
    await create.getByText('Elige fecha y hora').waitFor();
    // Said beside the fields only (lib/form-errors.ts): no toast repeats it.
    expect(await toastText(page, 'Rellena todos los campos obligatorios').count()).toBe(0);
    await noEnglish(page, 'create meetup errors');
    await shootBothThemes(page, 'i18n-tea-events-create-errors');
    await create.getByLabel('Título').fill('Matcha y paseo');
    await create.getByLabel('Lugar').fill('Salón de té del río');
    await create.getByLabel('Fecha y hora').fill(tomorrowEvening());
    await create.getByLabel(/Té destacado/).selectOption('Matcha');
    await create.getByRole('button', { name: 'Crear quedada' }).click();
    await toastText(page, '¡Quedada creada!').waitFor();
    const created = page.getByRole('article', { name: 'Matcha y paseo' });
    await created.getByText('Mañana a las 18:30').waitFor();
    await created.getByText('La organizas tú').waitFor();

    // Another member's meetup: the sheet, then she joins and sees the guest list.
    await card.getByRole('button', { name: 'Detalles' }).click();
    const sheet = page.getByRole('dialog', { name: meetupTitle });
    await sheet.getByText('Con Oolong').waitFor();
    await sheet.getByRole('button', { name: 'Unirme' }).click();
    await toastText(page, '¡Te has unido!').waitFor();
    await sheet.getByRole('heading', { name: 'Lista de asistentes' }).waitFor();
    await sheet.getByText('Organiza', { exact: true }).waitFor();
    await noEnglish(page, 'meetup sheet');
    await shootBothThemes(page, 'i18n-tea-events-meetup-sheet');
  });
});
