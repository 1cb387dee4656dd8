/**
 * Countries whose postal codes are digits only, with no space or dash (Germany's "10115", India's
 * "110001"): for them a phone may offer its number pad. Every other country — and any country we do not
 * recognise — gets the full keyboard, since a number pad cannot type "SW1A 1AA", "K1A 0B1" or "1234-567"
 * (decision 014). Names in English and in the country's own language, and the ISO 3166 two-letter codes.
 */
const DIGITS_ONLY = [
  ['at', 'austria', 'österreich'],
  ['au', 'australia'],
  ['be', 'belgium', 'belgië', 'belgique', 'belgien'],
  ['bg', 'bulgaria'],
  ['ch', 'switzerland', 'schweiz', 'suisse', 'svizzera'],
  ['cn', 'china'],
  ['de', 'germany', 'deutschland'],
  ['dk', 'denmark', 'danmark'],
  ['ee', 'estonia', 'eesti'],
  ['es', 'spain', 'españa', 'espana'],
  ['fi', 'finland', 'suomi'],
  ['fr', 'france'],
  ['hr', 'croatia', 'hrvatska'],
  ['hu', 'hungary', 'magyarország'],
  ['id', 'indonesia'],
  ['in', 'india'],
  ['it', 'italy', 'italia'],
  ['mx', 'mexico', 'méxico'],
  ['my', 'malaysia'],
  ['no', 'norway', 'norge'],
  ['nz', 'new zealand'],
  ['ro', 'romania', 'românia'],
  ['si', 'slovenia', 'slovenija'],
  ['sg', 'singapore'],
  ['th', 'thailand'],
  ['tr', 'turkey', 'türkiye', 'turkiye'],
  ['ua', 'ukraine'],
  ['vn', 'vietnam', 'viet nam'],
  ['za', 'south africa'],
].flat();

const digitsOnly = new Set(DIGITS_ONLY);

/** The keyboard to offer for the postal code: the number pad only where the country's codes are digits. */
export function postalCodeInputMode(country: string): 'numeric' | 'text' {
  const key = country.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();
  return digitsOnly.has(key) ? 'numeric' : 'text';
}
