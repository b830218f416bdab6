/**
 * ['US', 'CA'] → 'the United States or Canada' (en), 'Estados Unidos o Canadá' (es): country names in words,
 * as a sentence of that language says them (Intl.DisplayNames, Intl.ListFormat).
 */
export function countryList(language: 'en' | 'es', codes: readonly string[]): string {
  const regions = new Intl.DisplayNames([language], { type: 'region' });
  const names = codes.map((code) => {
    const name = regions.of(code) ?? code;
    return language === 'en' && /^(United|Netherlands|Philippines|Czech|Dominican|Bahamas|Gambia)/.test(name)
      ? `the ${name}`
      : name;
  });
  if (language === 'en') {
    // English keeps its own list without the serial comma ('A, B or C'), as before.
    if (names.length <= 1) return names[0] ?? '';
    return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  }
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
}
