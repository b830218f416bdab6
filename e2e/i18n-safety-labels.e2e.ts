import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../src/server/db/schema';
import {
  closeBadgeCard,
  matchViaApi,
  phoneContext,
  watchBadgeCheck,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
} from './harness';
import { englishStrings, person, saveLanguage, type Theme } from './spanish';
import { settle } from './waits';

/*
 * In Spanish (decision 0023): her profile's catalogue labels (interests, lifestyle, prompt, relationship goal, badges),
 * the Safety Center with its report form (no reason yet: it cannot be sent; a failed send says so) and block
 * dialog, the notifications bell, and a moderator's console. Every screen shows no English catalogue string.
 */
const env = useServerAndBrowser({}, { timeoutMs: 180_000 });

async function shoot(page: Page, name: string, theme: Theme) {
  await settle(page);
  await screenshot(page, `i18n-safety-labels-${name}-${theme}`);
}

describe('safety, notifications and catalogue labels in Spanish', () => {
  it.each(['light', 'dark'] as const)(
    'a member and a moderator in Spanish (%s)',
    async (theme) => {
      const bea = { context: await phoneContext(env.browser, env.server.baseUrl) };
      const beaUser = await signUpViaApi(bea.context, { name: 'Bea' });
      const { context, page } = await person(env.browser, env.server.baseUrl, 'es', theme);
      const ana = await signUpViaApi(context, { name: 'Ana' });
      await saveLanguage(context, ana, 'es', theme);
      const profile = await context.request.put(`/api/users/${ana.id}`, {
        data: {
          interests: ['Hiking', 'Board Games', 'Tea Tasting', "Women's Sports", 'Pottery'],
          lifestyle: {
            smoking: 'none',
            drinking: 'socially',
            fitness: 'moderate',
            pets: 'love',
            children: "don't want",
          },
          prompts: [{ promptId: 'ideal-tea-date', answer: 'Oolong junto al río' }],
          relationshipGoals: 'Long-term partner',
          loveLanguage: 'Quality time',
        },
      });
      expect(profile.status(), await profile.text()).toBe(200);
      // A match earns her First Match; someone else's like waits behind the bell.
      await matchViaApi({ context, user: ana }, { context: bea.context, user: beaUser });
      const cleo = await phoneContext(env.browser, env.server.baseUrl);
      await signUpViaApi(cleo, { name: 'Cleo' });
      expect((await cleo.request.post('/api/likes', { data: { targetUserId: ana.id, isLike: true } })).status()).toBe(
        201,
      );

      // Her profile: the catalogue's labels in Spanish, the stored codes unchanged. The profile screen's own words are
      // the profile journeys' (i18n-profiles.e2e.ts), so the check reads the tab panel and the achievements.
      const badges = await watchBadgeCheck(page, env.server);
      await page.goto('/profile');
      const achievements = page.getByRole('region', { name: 'Logros' });
      await page.getByText('Senderismo', { exact: true }).waitFor();
      // Her new badges' card ('Nueva insignia') speaks Spanish too.
      await closeBadgeCard(page, badges, async (card) => expect(await englishStrings(card)).toEqual([]));
      for (const text of ['Juegos de mesa', 'Deporte femenino', 'Mi cita de té ideal…']) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      await achievements.getByText('Primer match', { exact: true }).waitFor();
      await achievements.getByText('Consigue 10 matches', { exact: true }).waitFor();
      expect(await englishStrings(achievements)).toEqual([]);
      expect(await englishStrings(page.getByRole('tabpanel'))).toEqual([]);
      await page.getByText('Mi cita de té ideal…', { exact: true }).scrollIntoViewIfNeeded();
      await shoot(page, 'profile', theme);
      await achievements.scrollIntoViewIfNeeded();
      await shoot(page, 'achievements', theme);
      // Her profile's tabs (overview, details, …), by place: their names belong to the profile screen's part.
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      await tabs.nth(1).click();
      for (const text of ['Tabaco', 'Pareja a largo plazo', 'Tiempo de calidad', 'Socialmente', 'No quiero']) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      expect(await englishStrings(page.getByRole('tabpanel'))).toEqual([]);
      await page.getByText('Tabaco', { exact: true }).scrollIntoViewIfNeeded();
      await shoot(page, 'profile-details', theme);

      // The Safety Center.
      await page.goto('/safety');
      await page.getByRole('heading', { name: 'Centro de seguridad' }).waitFor();
      await expect.poll(() => page.title()).toBe('Centro de seguridad · Steep');
      expect(await englishStrings(page.locator('body'))).toEqual([]);
      await shoot(page, 'safety', theme);

      // Report Bea: sent without a reason it says so in Spanish; a failed send says so in Spanish; then it goes.
      await page.getByRole('button', { name: /Denunciar a alguien/ }).click();
      const report = page.getByRole('dialog', { name: 'Denunciar a alguien' });
      await report.getByLabel('¿Quién?').selectOption(beaUser.id);
      const submit = report.getByRole('button', { name: 'Enviar denuncia' });
      await submit.click();
      await report.getByRole('alert').filter({ hasText: 'Elige el motivo de tu denuncia' }).waitFor();
      expect(await englishStrings(report)).toEqual([]);
      await shoot(page, 'report-no-reason', theme);
      await report.getByLabel('Motivo').selectOption('harassment_or_bullying');
      expect(await report.getByLabel('Motivo').locator('option:checked').innerText()).toBe('Acoso o intimidación');
      await page.route('**/api/reports', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
      );
      await submit.click();
      await toastText(page, 'Inténtalo de nuevo. Si ya nos llegó, no se registrará dos veces.').waitFor();
      expect(await englishStrings(page.locator('body'))).toEqual([]);
      await shoot(page, 'report-error', theme);
      await page.unroute('**/api/reports');
      await submit.click();
      await toastText(page, 'Denuncia enviada').waitFor();
      await report.waitFor({ state: 'hidden' });
      await page.getByText('Recibida', { exact: true }).waitFor();
      await page.getByText('Acoso o intimidación', { exact: false }).waitFor();
      expect(await englishStrings(page.locator('body'))).toEqual([]);

      // Block her.
      await page.getByRole('button', { name: /Bloquear y desbloquear/ }).click();
      const block = page.getByRole('dialog', { name: 'Bloquear y desbloquear' });
      await block.getByLabel('¿Quién?').selectOption(beaUser.id);
      await block.getByRole('button', { name: 'Bloquear', exact: true }).click();
      await toastText(page, 'Persona bloqueada').waitFor();
      await block.getByRole('button', { name: 'Desbloquear a Bea' }).waitFor();
      expect(await englishStrings(page.locator('body'))).toEqual([]);
      await shoot(page, 'block', theme);
      await block.getByRole('button', { name: 'Cerrar' }).click();
      await block.waitFor({ state: 'hidden' });

      // The bell: Cleo's like, locked for a free member.
      await page.goto('/home');
      await page.getByRole('button', { name: /Notificaciones/ }).click();
      const bell = page.getByRole('dialog', { name: 'Notificaciones' });
      await bell.getByText('1 persona te dio like').waitFor();
      expect(await englishStrings(bell)).toEqual([]);
      await shoot(page, 'notifications', theme);
      await bell.getByRole('tab', { name: /Potenciales/ }).click();
      await bell.getByText('Matches potenciales', { exact: true }).first().waitFor();
      expect(await englishStrings(bell)).toEqual([]);
      await shoot(page, 'notifications-potential', theme);

      // A moderator in Spanish reviews the report.
      const { context: modContext, page: modPage } = await person(env.browser, env.server.baseUrl, 'es', theme);
      const mod = await signUpViaApi(modContext, { name: 'Dee' });
      await env.server.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
      await saveLanguage(modContext, mod, 'es', theme);
      const me = (await (await modContext.request.get('/api/auth/me')).json()) as {
        role?: string;
        user?: { role: string };
      };
      expect(me.user?.role ?? me.role).toBe('moderator');
      await modPage.goto('/moderation');
      await expect.poll(() => modPage.title()).toBe('Moderación · Steep');
      await modPage.getByRole('button', { name: new RegExp(`@${beaUser.username}`) }).click();
      await modPage.getByRole('heading', { name: /Denuncias \(1\)/ }).waitFor();
      await modPage.getByRole('article').getByText('Acoso o intimidación', { exact: true }).first().waitFor();
      expect(await englishStrings(modPage.locator('body'))).toEqual([]);
      await shoot(modPage, 'moderation', theme);

      await Promise.all([context.close(), bea.context.close(), cleo.close(), modContext.close()]);
    },
    150_000,
  );
});
