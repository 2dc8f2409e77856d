/**
 * The state of a form that edits something already saved (a profile, an organisation, a billing
 * address): the fields as typed, their messages, and how the last save went. Untouched fields
 * follow the saved values when they change elsewhere (another tab, an e-mail confirmed, another
 * part of the page saved); a save checks the form's own rules first, puts the focus on the first
 * field in error, shows the server's messages beside their fields or else as one message, and
 * says it is saved.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf } from '../api/field-errors.js';

/** The form once the saved values moved from `before` to `after`: a field still as it was saved takes the new value, a typed one stays. */
export function followSaved<Form extends Record<string, string>>(current: Form, before: Form, after: Form): Form {
  return Object.fromEntries(Object.entries(current).map(([field, value]) => [field, value === before[field] ? after[field] : value])) as Form;
}

export interface SaveRequest<Field extends string, Saved> {
  /** The form's own rules: catalogue keys of the messages by field (empty: it may be sent). */
  problems: Partial<Record<Field, string>>;
  /** Nothing to send (nothing changed): the save stops after the checks. */
  unchanged?: boolean;
  /** Sends the form; answers what is saved now. */
  send(): Promise<Saved>;
  /** The message when the save fails for another reason than the fields (when the server gives none). */
  failure: string;
}

export function useSavableForm<Field extends string, Form extends Record<Field, string>, Saved>(saved: Saved, formOf: (saved: Saved) => Form) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(() => formOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  const lastSaved = useRef(saved);
  useEffect(() => {
    if (lastSaved.current === saved) return;
    const before = formOf(lastSaved.current);
    lastSaved.current = saved;
    setForm((current) => followSaved(current, before, formOf(saved)));
    // formOf is a module function: only the saved values matter.
  }, [saved]);

  const set = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setDone(false);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (messages: Partial<Record<Field, string>>) => {
    setErrors(messages);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async (event: FormEvent, request: SaveRequest<Field, Saved>) => {
    event.preventDefault();
    setMessage(null);
    setDone(false);
    if (Object.keys(request.problems).length > 0) {
      showErrors(Object.fromEntries(Object.entries(request.problems).map(([field, key]) => [field, t(key as string)])) as Partial<Record<Field, string>>);
      return;
    }
    if (request.unchanged) return;
    setPending(true);
    try {
      const updated = await request.send();
      lastSaved.current = updated;
      setForm(formOf(updated));
      setErrors({});
      setDone(true);
    } catch (error) {
      const fields = fieldErrorsOf(error) as Partial<Record<Field, string>>;
      if (Object.keys(fields).length > 0) showErrors(fields);
      else setMessage(error instanceof ApiError ? error.message : request.failure);
    } finally {
      setPending(false);
    }
  };

  /** Back to the saved values (the form's Cancel). */
  const reset = () => {
    setForm(formOf(lastSaved.current));
    setErrors({});
  };

  return { formRef, form, set, errors, message, saved: done, pending, save, reset };
}
