import { Form } from "@remix-run/react";
import { useId } from "react";
import type { Address } from "../../../contract/generated/addresses.ts";
import type { UserDetails } from "../../../contract/generated/user-details.ts";
import { useT } from "../../i18n/i18n.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { regionName } from "../../ui/intl.ts";
import { addressLine } from "../addresses.ts";
import { Field } from "../ui.tsx";
import { ItemActionButton, Refusal, useAnswer, useBusy } from "./answers.tsx";
import type { AccountAnswer } from "./view.ts";

function useCountryName() {
  const locale = useRootData()?.locale;
  return (code: string) => regionName(locale, code);
}

/**
 * The account's addresses (spec section 7): the default one marked, each with "make default"
 * and "remove", then a form to add one; each a form of its own that works without scripts.
 */
export function AddressBook({
  addresses,
  countries,
}: {
  addresses: Address[];
  countries: string[];
}) {
  const t = useT();
  const countryName = useCountryName();
  const removeRefused = useAnswer("removeAddress");
  const defaultRefused = useAnswer("defaultAddress");
  const refused = removeRefused ?? defaultRefused;
  return (
    <section aria-labelledby="account-addresses-title" className="account-addresses">
      <h3 id="account-addresses-title">{t("accountAddressesTitle")}</h3>
      <Refusal answer={refused} />
      {addresses.length === 0 ? (
        <p>{t("accountAddressesNone")}</p>
      ) : (
        <ul className="account-address-list">
          {addresses.map((address) => {
            const line = addressLine(address, countryName);
            return (
              <li key={address.id}>
                <p className="account-address-line">
                  {line}
                  {address.default ? (
                    <span className="account-address-default">{t("accountAddressDefault")}</span>
                  ) : null}
                </p>
                <div className="account-address-actions">
                  {address.default ? null : (
                    <ItemActionButton
                      idField="addressId"
                      intent="defaultAddress"
                      id={address.id}
                      label={t("accountAddressMakeDefault")}
                      name={t("accountAddressMakeDefaultNamed", { address: line })}
                    />
                  )}
                  <ItemActionButton
                    idField="addressId"
                    intent="removeAddress"
                    id={address.id}
                    label={t("accountAddressRemove")}
                    name={t("accountAddressRemoveNamed", { address: line })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AddAddressForm countries={countries} />
    </section>
  );
}

/** The fields of an address, prefilled with `start` and a refused form's typed values. */
function AddressFields({
  countries,
  start,
  answer,
}: {
  countries: string[];
  start?: Address;
  answer?: AccountAnswer;
}) {
  const t = useT();
  const countryName = useCountryName();
  const id = useId();
  const value = (field: keyof Address) =>
    answer ? (answer.values[field] ?? "") : String(start?.[field] ?? "");
  const error = (field: string) =>
    answer?.field === field
      ? (answer.message ?? t(answer.error ?? "errorOccurredPleaseTryAgain"))
      : null;
  const sorted = [...countries].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  const countryError = error("countryCode");
  const chosen = value("countryCode");
  return (
    <>
      <Field
        name="line1"
        label={t("addressLine1")}
        autoComplete="address-line1"
        maxLength={200}
        defaultValue={value("line1")}
        error={error("line1")}
      />
      <Field
        name="line2"
        label={t("addressLine2")}
        autoComplete="address-line2"
        maxLength={200}
        defaultValue={value("line2")}
        error={error("line2")}
      />
      <Field
        name="postalCode"
        label={t("postalCode")}
        autoComplete="postal-code"
        maxLength={20}
        required
        defaultValue={value("postalCode")}
        error={error("postalCode")}
      />
      <Field
        name="city"
        label={t("addressCity")}
        autoComplete="address-level2"
        maxLength={100}
        defaultValue={value("city")}
        error={error("city")}
      />
      <div className="account-field">
        <label htmlFor={id}>
          {t("country")}
          <span aria-hidden="true" className="account-required">
            {" *"}
          </span>
        </label>
        <select
          id={id}
          name="countryCode"
          required
          defaultValue={chosen && !sorted.includes(chosen) ? "" : chosen}
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id}-error` : undefined}
        >
          <option value="">{t("chooseCountry")}</option>
          {sorted.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
        {countryError ? (
          <p id={`${id}-error`} className="account-field-error">
            {countryError}
          </p>
        ) : null}
      </div>
    </>
  );
}

function AddAddressForm({ countries }: { countries: string[] }) {
  const t = useT();
  const answer = useAnswer("addAddress");
  const busy = useBusy("addAddress");
  return (
    <Form
      method="post"
      className="account-form"
      aria-labelledby="account-address-add-title"
      // A refused form starts again from what was typed; a saved one empties.
      key={answer ? "typed" : "fresh"}
      noValidate
    >
      <h4 id="account-address-add-title">{t("accountAddressAdd")}</h4>
      <input type="hidden" name="intent" value="addAddress" />
      <AddressFields countries={countries} answer={answer} />
      <Refusal answer={answer} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("saving") : t("accountAddressAdd")}
      </button>
    </Form>
  );
}

/**
 * Billing details (spec section 7): the payer's name and tax number with the billing address,
 * which becomes the default address; the details and addresses show the change afterwards.
 */
export function BillingDetailsForm({
  details,
  addresses,
  countries,
}: {
  details: UserDetails;
  addresses: Address[];
  countries: string[];
}) {
  const t = useT();
  const answer = useAnswer("billing");
  const busy = useBusy("billing");
  const error = (field: string) => (answer?.field === field ? (answer.message ?? null) : null);
  const current = addresses.find((address) => address.default);
  return (
    <section aria-labelledby="account-billing-title" className="account-billing">
      <h3 id="account-billing-title">{t("accountBillingTitle")}</h3>
      <p>{t("accountBillingText")}</p>
      <Form
        method="post"
        className="account-form"
        aria-labelledby="account-billing-title"
        // Uncontrolled fields keep their first values: a new default address starts them anew.
        key={answer ? "typed" : `saved-${current ? addressLine(current, String) : ""}`}
        noValidate
      >
        <input type="hidden" name="intent" value="billing" />
        <Field
          name="fullName"
          label={t("accountBillingName")}
          autoComplete="billing name"
          maxLength={100}
          required
          defaultValue={answer ? answer.values.fullName : (details.name.fullName ?? "")}
          error={error("fullName")}
        />
        <Field
          name="taxNumber"
          label={t("accountBillingTaxNumber")}
          autoComplete="off"
          maxLength={40}
          defaultValue={answer ? answer.values.taxNumber : (details.taxNumber ?? "")}
          error={error("taxNumber")}
        />
        <AddressFields countries={countries} start={current} answer={answer} />
        <Refusal answer={answer} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("saving") : t("accountBillingSave")}
        </button>
      </Form>
    </section>
  );
}
