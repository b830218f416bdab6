import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../contract/auth';
import { durationWords } from './durations';
import { VALIDATION_TEXTS } from './en';
import { localText, negotiateLanguage, render, translateValidation } from './index';

describe('server i18n', () => {
  it('picks the best language Steep speaks from Accept-Language', () => {
    expect(negotiateLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(negotiateLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(negotiateLanguage('en-US,en;q=0.9')).toBe('en');
    expect(negotiateLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(negotiateLanguage('de, fr')).toBeUndefined();
    expect(negotiateLanguage(undefined)).toBeUndefined();
  });

  it('knows every password rule sentence of the contract', () => {
    const known: readonly string[] = VALIDATION_TEXTS;
    for (const rule of PASSWORD_RULES) {
      expect(known).toContain(rule.message);
      expect(translateValidation('es', rule.message)).not.toBe(rule.message);
    }
    expect(translateValidation('es', 'A sentence nobody translated')).toBe('A sentence nobody translated');
  });

  it('renders a catalogue message in each language', () => {
    const mail = localText('invalidCredentials');
    expect(render('en', mail)).toBe('Invalid username or password');
    expect(render('es', mail)).toBe('Nombre de usuario o contraseña incorrectos');
  });

  it('says a wait in the unit a person would use, in each language', () => {
    expect([0, 45, 60, 900, 3600, 7200, 86_400].map((s) => durationWords('en', s))).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '15 minutes',
      '1 hour',
      '2 hours',
      '1 day',
    ]);
    expect([1, 45, 60, 900, 3600, 7200, 86_400].map((s) => durationWords('es', s))).toEqual([
      '1 segundo',
      '45 segundos',
      '1 minuto',
      '15 minutos',
      '1 hora',
      '2 horas',
      '1 día',
    ]);
  });
});
