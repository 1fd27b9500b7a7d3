import { useId, type InputHTMLAttributes } from 'react';
import { message } from '../words/messages';

/** A labelled input with an optional hint, the hint tied to it for screen readers. */
export function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="ha-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...(hint === undefined ? {} : { 'aria-describedby': `${id}-hint` })} />
      {hint === undefined ? null : <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

/** A new passphrase typed twice; `match` says whether both agree and it is long enough. */
export function NewPassphraseFields({
  value,
  again,
  onChange,
  hint = message('fieldPassphraseHint'),
}: {
  value: string;
  again: string;
  onChange: (value: string, again: string) => void;
  hint?: string;
}) {
  return (
    <>
      <Field
        label={message('fieldPassphrase')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={1024}
        value={value}
        hint={hint}
        onChange={(e) => onChange(e.target.value, again)}
      />
      <Field
        label={message('fieldPassphraseAgain')}
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onChange={(e) => onChange(value, e.target.value)}
      />
    </>
  );
}

/** Why a new passphrase cannot be used yet, in words, or undefined when it can. */
export function passphraseProblem(value: string, again: string): string | undefined {
  if (value.length < 10) return message('fieldPassphraseTooShort');
  if (value !== again) return message('fieldPassphrasesDiffer');
  return undefined;
}
