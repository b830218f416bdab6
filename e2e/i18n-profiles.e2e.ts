import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newUser, screenshot, toastText, useServerAndBrowser } from './harness';
import { addTwoPhotos } from './profile-photos';
import { ENGLISH_ONLY, englishStrings, person, type Theme } from './spanish';
import { settle } from './waits';

/*
 * In Spanish (decision 0023), profiles: a Spanish browser signs up from the landing page (a too-young age first), goes through
 * every step of the onboarding tour to Discover, then her profile, its edit screen (an oversized photo refused
 * on the way) and the verification page, all in Spanish, in light and dark.
 */
const env = useServerAndBrowser();

/**
 * No English catalogue string on screen (in `root`), and a Spanish document title. The badges widget on her
 * profile is left out: badge names and descriptions are the shared catalogue labels, converted on their own.
 */
async function expectSpanish(page: Page, root: Locator, screen: string) {
  const badges = page.locator('[aria-labelledby="achievements-title"]');
  const inBadges = (await badges.count()) > 0 ? await englishStrings(badges) : [];
  expect(
    (await englishStrings(root)).filter((text) => !inBadges.includes(text)),
    screen,
  ).toEqual([]);
  expect(ENGLISH_ONLY.has(await page.title()), `${screen} title`).toBe(false);
}

async function shoot(page: Page, screen: string, theme: Theme) {
  await settle(page);
  await screenshot(page, `i18n-profiles-${screen}-${theme}`);
}

/** A new member's "New badge" card (its own queue) would cover what is being photographed. */
async function closeBadgeCard(page: Page) {
  const card = page.locator('[aria-label="New badge"]');
  if (await card.isVisible()) {
    await card.getByRole('button', { name: /^(Cerrar|Close)$/ }).click();
    await card.waitFor({ state: 'hidden' });
  }
}

async function dismissToasts(page: Page) {
  const close = page.getByTestId('toasts').getByRole('button', { name: /^(Cerrar|Close)$/ });
  while ((await close.count()) > 0) await close.first().click();
}

describe('profiles in Spanish', () => {
  it.each(['light', 'dark'] as const)(
    'signs up, takes the tour and walks her profile, its edit screen and verification (%s)',
    async (theme) => {
      const { context, page } = await person(env.browser, env.server.baseUrl, 'es', theme);
      // Her new account's theme is 'system': the device's scheme is the theme under test.
      await page.emulateMedia({ colorScheme: theme });
      const user = newUser();

      // Sign-up from the landing page, with a too-young age first.
      await page.goto('/');
      await page.getByRole('button', { name: 'Empezar' }).click();
      const form = page.getByRole('form', { name: 'Crear cuenta' });
      await form.getByLabel('Nombre de usuario').fill(user.username);
      await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
      await form.getByLabel('Nombre', { exact: true }).fill('Lucía');
      await form.getByLabel('Edad').fill('16');
      await form.getByLabel('Identidad de género').selectOption('woman');
      await form.getByLabel('Orientación sexual').selectOption('pansexual');
      await form.getByLabel('Estado').selectOption('Oregon');
      await form.getByLabel('Ciudad').selectOption('Portland');
      await form.getByRole('button', { name: 'Yoga', exact: true }).first().click();

      let registered = false;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/register')) registered = true;
      });
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      // The form refuses it beside the age field, in Spanish (not the browser's bubble), with focus there; nothing is sent.
      await expect
        .poll(() => form.locator('#signup-age-error').textContent())
        .toBe('Para unirte a Steep necesitas tener 18 años o más.');
      expect(await form.getByLabel('Edad').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => form.getByLabel('Edad').evaluate((input) => input === document.activeElement)).toBe(true);
      expect(registered).toBe(false);
      await expectSpanish(page, page.locator('body'), 'sign-up');
      await form.getByLabel('Edad').evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await shoot(page, 'signup-too-young', theme);

      await form.getByLabel('Edad').fill('29');
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL('**/home');

      // The onboarding tour, every step.
      const titles = [
        'Te damos la bienvenida a Steep',
        'Desliza para descubrir',
        '¿Prefieres tocar?',
        '¡Es un match!',
        'Funciones Premium',
        'Ya está todo listo',
      ];
      for (const [index, title] of titles.entries()) {
        const tour = page.getByRole('dialog', { name: title });
        await tour.getByText(`Paso ${index + 1} de ${titles.length}`).waitFor();
        await expectSpanish(page, tour, `tour step ${index + 1}`);
        await shoot(page, `tour-${index + 1}`, theme);
        if (index < titles.length - 1) await tour.getByRole('button', { name: 'Siguiente' }).click();
        else await tour.getByRole('button', { name: 'Empezar' }).click();
      }
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      // The first screen.
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await nav.getByRole('link', { name: 'Descubrir' }).waitFor();
      await expectSpanish(page, nav, 'first screen nav');
      await closeBadgeCard(page);
      await dismissToasts(page);
      await shoot(page, 'home', theme);

      // Her profile.
      await page.goto('/profile');
      await page.getByRole('heading', { name: /Lucía/ }).waitFor();
      await page.getByRole('region', { name: 'Cifras del perfil' }).getByText('Visitas').waitFor();
      await closeBadgeCard(page);
      await page.getByText('Siguiente: añade al menos 2 fotos.').waitFor();
      // Her badges (their own widget) have loaded.
      await page.getByText(/^(Loading|Cargando)…$/).waitFor({ state: 'hidden' });
      await expectSpanish(page, page.locator('body'), 'profile');
      await shoot(page, 'profile', theme);

      const tabs = page.getByRole('tablist', { name: 'Secciones del perfil' });
      await tabs.getByRole('tab', { name: 'Detalles' }).click();
      await page.getByText('Sin añadir').first().waitFor();
      await page.getByRole('tabpanel').evaluate((panel) => panel.scrollIntoView({ block: 'center' }));
      await expectSpanish(page, page.locator('body'), 'profile details');
      await shoot(page, 'profile-details', theme);

      await tabs.getByRole('tab', { name: 'Actividad' }).click();
      await page.getByText('Miembro desde').waitFor();
      const since = new Date().toLocaleDateString('es', { month: 'long', year: 'numeric' });
      await page.getByText(since).waitFor();
      await page.getByRole('tabpanel').evaluate((panel) => panel.scrollIntoView({ block: 'center' }));
      await expectSpanish(page, page.locator('body'), 'profile activity');
      await shoot(page, 'profile-activity', theme);

      await page.getByRole('button', { name: 'Añadir estado de 24 h' }).click();
      const statusDialog = page.getByRole('dialog', { name: 'Añadir estado de 24 h' });
      await statusDialog.getByLabel('¿Qué se cuece?').waitFor();
      await expectSpanish(page, statusDialog, 'status dialog');
      await shoot(page, 'status', theme);
      await statusDialog.getByRole('button', { name: 'Cerrar' }).click();
      await statusDialog.waitFor({ state: 'hidden' });

      // Its edit screen: an oversized photo is refused, two photos go in, the details are saved.
      await page.getByRole('link', { name: 'Editar perfil' }).click();
      await page.waitForURL('**/profile/edit');
      const edit = page.getByRole('form', { name: 'Editar perfil' });
      await edit.getByRole('heading', { name: 'Editar perfil' }).waitFor();
      await edit.getByLabel('Añadir foto').setInputFiles({
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(15 * 1024 * 1024 + 1),
      });
      await toastText(page, 'No se añadió la foto').waitFor();
      await toastText(page, 'Las fotos pueden pesar 15 MB como máximo').waitFor();
      // The toast's own close button belongs to the shared toast component: the form is checked, and the toast's texts above.
      await expectSpanish(page, edit, 'edit, photo too large');
      await shoot(page, 'edit-photo-too-large', theme);
      await dismissToasts(page);

      const photos = edit.getByRole('list', { name: 'Tus fotos' });
      await addTwoPhotos(edit.getByLabel('Añadir foto'), photos);
      await photos.getByRole('button', { name: 'Mover la foto 2 antes' }).waitFor();
      await closeBadgeCard(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectSpanish(page, page.locator('body'), 'edit');
      await shoot(page, 'edit', theme);

      await edit.getByLabel('Altura (cm)').fill('168');
      await edit.getByLabel('Qué busco').selectOption('Long-term, open to short');
      await edit.getByLabel('Lenguaje del amor').selectOption('Quality time');
      await edit.getByLabel('Qué busco').scrollIntoViewIfNeeded();
      await expectSpanish(page, page.locator('body'), 'edit details');
      await shoot(page, 'edit-details', theme);

      // The longest Spanish lifestyle answers are shown whole in their fields, not cut at the arrow.
      await edit.getByLabel('Mascotas').selectOption({ label: 'Me encantan' });
      await edit.getByLabel('Tabaco').selectOption({ label: 'De vez en cuando' });
      await edit.getByLabel('Mascotas').scrollIntoViewIfNeeded();
      const cut = await edit.locator('select[id^="edit-lifestyle-"]').evaluateAll((selects) =>
        (selects as HTMLSelectElement[])
          .filter((select) => {
            const style = getComputedStyle(select);
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const context = document.createElement('canvas').getContext('2d');
            if (!context) return false;
            context.font = style.font;
            return context.measureText(select.selectedOptions[0]?.text ?? '').width > room;
          })
          .map((select) => select.selectedOptions[0]?.text),
      );
      expect(cut).toEqual([]);
      await shoot(page, 'edit-lifestyle', theme);

      await edit.getByRole('button', { name: 'Añadir una pregunta' }).click();
      await edit.getByLabel('Tu respuesta').fill('Un oolong y una buena charla.');
      await edit.getByRole('group', { name: 'Pregunta 1' }).scrollIntoViewIfNeeded();
      await expectSpanish(page, page.locator('body'), 'edit prompts');
      await shoot(page, 'edit-prompts', theme);

      await edit.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.waitForURL('**/profile');
      await toastText(page, 'Perfil actualizado').waitFor();
      await dismissToasts(page);
      await page.getByRole('tablist', { name: 'Secciones del perfil' }).getByRole('tab', { name: 'Detalles' }).click();
      await page.getByText('A largo plazo, sin descartar algo corto').waitFor();
      await page.getByText('Tiempo de calidad').waitFor();
      // She signed up with a Spanish browser: metric, centimetres alone.
      await page.getByText('168 cm', { exact: true }).waitFor();
      await page.getByText(/^(Loading|Cargando)…$/).waitFor({ state: 'hidden' });
      await expectSpanish(page, page.locator('body'), 'profile after saving');

      // The verification page.
      await page.goto('/verification');
      await page.getByRole('heading', { name: 'Verificación del perfil' }).waitFor();
      await page.getByTestId('verification-status').getByText('Sin verificar').waitFor();
      await closeBadgeCard(page);
      await expectSpanish(page, page.locator('body'), 'verification');
      await shoot(page, 'verification', theme);
      const unmet = page.getByTestId('verification-unmet');
      await unmet.getByText('Añade 1 foto más a tu perfil').waitFor();
      await unmet.scrollIntoViewIfNeeded();
      await expectSpanish(page, page.locator('body'), 'verification requirements');
      await shoot(page, 'verification-request', theme);
      await page
        .getByRole('heading', { name: 'Por qué verificar tu perfil' })
        .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
      await shoot(page, 'verification-social', theme);

      await context.close();
    },
    180_000,
  );
});
