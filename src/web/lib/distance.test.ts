import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { distanceSlider, distanceText, kmFromMiles, milesFromKm, snapToStop } from './distance';
import { defaultUnits } from './units';

const BOUNDS = { min: 1, max: 100 };

/** Every position a slider's thumb reaches pressing the right arrow from its minimum, and the miles saved at each. */
function walk(units: 'imperial' | 'metric') {
  let miles = BOUNDS.min;
  const shown = [distanceSlider(units, miles, BOUNDS).value];
  const saved = [miles];
  for (;;) {
    const slider = distanceSlider(units, miles, BOUNDS);
    if (slider.value >= slider.max) break;
    miles = slider.milesAt(slider.value + 1);
    saved.push(miles);
    shown.push(distanceSlider(units, miles, BOUNDS).value);
  }
  return { shown, saved };
}

describe('her units before she chooses', () => {
  it('are miles where her browser’s first language is spoken with them', () => {
    for (const tag of ['en-US', 'es-US', 'en-GB', 'en']) expect(defaultUnits([tag]), tag).toBe('imperial');
  });

  it('are kilometres for other Spanish and most locales', () => {
    for (const tag of ['es', 'es-ES', 'es-MX', 'es-419', 'fr-FR', 'de', 'en-CA', 'en-AU'])
      expect(defaultUnits([tag]), tag).toBe('metric');
  });

  it('follow her first language only, and keep the app’s default for nothing usable', () => {
    expect(defaultUnits(['es-ES', 'en-US'])).toBe('metric');
    expect(defaultUnits(['not a tag'])).toBe('imperial');
  });
});

describe('the distance slider', () => {
  it('in miles runs 1–100 and moves 1, 5, 10, … 100, as it always did', () => {
    const { shown, saved } = walk('imperial');
    const stops = [1, ...Array.from({ length: 20 }, (_, i) => (i + 1) * 5)];
    expect(shown).toEqual(stops);
    expect(saved).toEqual(stops);
    expect(distanceSlider('imperial', 50, BOUNDS)).toMatchObject({ min: 1, max: 100, value: 50 });
  });

  it('in kilometres runs 1–160 in round values: 1, 5, 10, … 160', () => {
    const { shown, saved } = walk('metric');
    expect(shown).toEqual([1, ...Array.from({ length: 32 }, (_, i) => (i + 1) * 5)]);
    // What the server stores stays whole miles within its bounds.
    for (const miles of saved) expect(Number.isInteger(miles) && miles >= 1 && miles <= 100).toBe(true);
    expect(new Set(saved).size).toBe(saved.length);
    expect(distanceSlider('metric', 50, BOUNDS)).toMatchObject({ min: 1, max: 160, value: 80 });
  });

  it('gives a round kilometre value back as itself: no drift through the stored miles', () => {
    for (let km = 5; km <= 160; km += 5) expect(kmFromMiles(milesFromKm(km, BOUNDS)), `${km} km`).toBe(km);
    expect(kmFromMiles(milesFromKm(1, BOUNDS))).toBe(1);
    // 15 km is 9.3 miles: stored as 9, which a plain rounding would show as 14 km.
    expect(milesFromKm(15, BOUNDS)).toBe(9);
    expect(kmFromMiles(9)).toBe(15);
  });

  it('moves a key press on to the next stop in its direction, and a drag to the nearest', () => {
    const stops = [1, 5, 10, 15];
    expect(snapToStop(2, 1, stops)).toBe(5);
    expect(snapToStop(4, 5, stops)).toBe(1);
    expect(snapToStop(6, 5, stops)).toBe(10);
    expect(snapToStop(12, 5, stops)).toBe(10);
    expect(snapToStop(15, 15, stops)).toBe(15);
  });
});

describe('distance text', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('says a filter distance in her units, kilometres as the slider shows them', () => {
    expect(distanceText(25, 'imperial')).toBe('25 miles');
    expect(distanceText(1, 'imperial')).toBe('1 mile');
    expect(distanceText(50, 'metric')).toBe('80 km');
    expect(distanceText(9, 'metric')).toBe('15 km');
    expect(distanceText(1, 'metric')).toBe('1 km');
    expect(distanceText(100, 'metric')).toBe('160 km');
  });
});
