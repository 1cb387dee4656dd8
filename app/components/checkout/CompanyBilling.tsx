import { useId, useState } from 'react';
import { type CountryCode, countryName } from '../../../common/countries';
import { COMPANY_BILLING_MESSAGES as M } from '../../../common/messages/company-billing';
import { isEuMemberState, vatIdExample, vatIdProblem } from '../../../common/vat-id';
import { company } from '../../../content/company';
import { FormField } from '../FormField';
import { CountryPicker } from '../profile/CountryPicker';

/** Said only where the firm is established in the EU: elsewhere the exemption never applies. */
const REVERSE_CHARGE_HINT = isEuMemberState(company.registeredAddress.countryCode)
  ? 'An EU business in another member state pays no VAT here when the goods go to another member state: you account for it where they arrive.'
  : '';

/** What the buyer has typed of the company the invoice is made out to. */
export interface CompanyDraft {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  country_code: CountryCode | null;
  vat_id: string;
}

export const EMPTY_COMPANY: CompanyDraft = {
  name: '',
  address: '',
  postal_code: '',
  city: '',
  country_code: null,
  vat_id: '',
};

/** The VAT ID's problem as typed, for its country; none while it is empty (it is optional). */
function vatProblem(draft: CompanyDraft): string | undefined {
  if (!draft.vat_id.trim() || !draft.country_code) return undefined;
  return vatIdProblem(draft.vat_id, draft.country_code, countryName(draft.country_code));
}

/**
 * The company as the order and quote send it, once complete and its VAT ID has its country's shape; null
 * while something is missing or wrong (the server decides in the end, and says the same).
 */
export function companyRequest(draft: CompanyDraft) {
  const complete = draft.name.trim() && draft.address.trim() && draft.city.trim() && draft.country_code;
  if (!complete || !draft.country_code || vatProblem(draft)) return null;
  return {
    name: draft.name,
    address: draft.address,
    postal_code: draft.postal_code,
    city: draft.city,
    country_code: draft.country_code,
    ...(draft.vat_id.trim() ? { vat_id: draft.vat_id } : {}),
  };
}

/** The fields a company still lacks, with what to do, keyed as the server keys them ("company.name"). */
export function companyProblems(draft: CompanyDraft): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!draft.name.trim()) problems['company.name'] = [M.name];
  if (!draft.address.trim()) problems['company.address'] = [M.address];
  if (!draft.city.trim()) problems['company.city'] = [M.city];
  if (!draft.country_code) problems['company.country_code'] = [M.country];
  const vat = vatProblem(draft);
  if (vat) problems['company.vat_id'] = [vat];
  return problems;
}

/** The form control of a company field, in the order they are shown: the first with a problem takes focus. */
export const COMPANY_FIELD_CONTROLS: Record<string, string> = {
  'company.name': 'company_name',
  'company.address': 'company_address',
  'company.postal_code': 'company_postal_code',
  'company.city': 'company_city',
  'company.country_code': 'country',
  'company.vat_id': 'company_vat_id',
};

/** "Buying for a company": off by default; on, the company's name, billing address and VAT ID. */
export function CompanyBilling({
  on,
  draft,
  errors,
  onToggle,
  onChange,
}: {
  on: boolean;
  draft: CompanyDraft;
  /** The server's refusal, by field ("company.vat_id"). */
  errors: Record<string, string[]>;
  onToggle(on: boolean): void;
  onChange(draft: CompanyDraft): void;
}) {
  const id = useId();
  // The format is judged once the buyer leaves the field, not at every key while typing it.
  const [vatLeft, setVatLeft] = useState(false);
  const set = (field: keyof CompanyDraft) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...draft, [field]: event.currentTarget.value });
  const typedProblem = vatProblem(draft);
  const example = draft.country_code ? vatIdExample(draft.country_code) : undefined;
  const serverErrors = (field: string) => errors[`company.${field}`];
  return (
    <fieldset className="checkout-company">
      <legend>Billing</legend>
      <div className="check-field">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={on}
          aria-controls={`${id}-fields`}
          aria-expanded={on}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-on`}>I’m buying for a company</label>
      </div>
      {/* Always in the page (hidden while unticked), so the checkbox's aria-controls names an element. */}
      <div id={`${id}-fields`} className="checkout-company-fields" hidden={!on}>
        <FormField
          label="Company name"
          name="company_name"
          autoComplete="organization"
          required
          maxLength={200}
          value={draft.name}
          onChange={set('name')}
          errors={serverErrors('name')}
        />
        <FormField
          label="Billing address"
          name="company_address"
          autoComplete="billing address-line1"
          required
          maxLength={200}
          value={draft.address}
          onChange={set('address')}
          errors={serverErrors('address')}
        />
        <div className="form-grid">
          <FormField
            label="Postal code"
            name="company_postal_code"
            autoComplete="billing postal-code"
            maxLength={40}
            value={draft.postal_code}
            onChange={set('postal_code')}
            errors={serverErrors('postal_code')}
          />
          <FormField
            label="City"
            name="company_city"
            autoComplete="billing address-level2"
            required
            maxLength={100}
            value={draft.city}
            onChange={set('city')}
            errors={serverErrors('city')}
          />
        </div>
        <CountryPicker
          initialText=""
          initialCode={draft.country_code}
          errors={serverErrors('country_code') ?? []}
          onChoose={(code) => onChange({ ...draft, country_code: code })}
        />
        <FormField
          label="VAT ID (optional)"
          name="company_vat_id"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={draft.vat_id}
          onChange={set('vat_id')}
          onBlur={() => setVatLeft(true)}
          hint={
            [example ? `For example ${example}.` : '', REVERSE_CHARGE_HINT].filter(Boolean).join(' ') ||
            undefined
          }
          errors={typedProblem && vatLeft ? [typedProblem] : serverErrors('vat_id')}
        />
        {!draft.country_code && draft.vat_id.trim() && <p className="field-hint">{M.country}</p>}
      </div>
    </fieldset>
  );
}
