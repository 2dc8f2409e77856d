/** Labelled inputs, selects and choice groups with their error messages wired for screen readers. */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** Shown under the input and read with it (a format, what the field is for). */
  hint?: ReactNode;
  /** Under the input, before the error (the password strength meter). */
  children?: ReactNode;
}

export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField({ label, error, hint, children, ...input }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      {children}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
});

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice ("Choose…"); none when the field always has a value. */
  placeholder?: string;
}

export function SelectField({ label, error, options, placeholder, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}

interface ChoiceGroupProps {
  legend: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string; description?: string }>;
  onChange(value: string): void;
  error?: string | undefined;
  /** Focus lands on the group's first choice when the step opens. */
  autoFocus?: boolean;
}

/** Radio buttons drawn as cards; arrows move between them, as with any radio group. */
export function ChoiceGroup({ legend, name, value, options, onChange, error, autoFocus }: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={`field choice-group${error ? ' field-invalid' : ''}`} aria-describedby={error ? errorId : undefined} data-testid={`choice-${name}`}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {options.map((option, index) => (
          <label key={option.value} className={`choice${value === option.value ? ' choice-selected' : ''}`}>
            <input type="radio" name={name} value={option.value} checked={value === option.value}
              aria-invalid={error ? true : undefined}
              autoFocus={autoFocus && (value ? value === option.value : index === 0)}
              onChange={() => onChange(option.value)} />
            <span className="choice-text">
              <span className="choice-label">{option.label}</span>
              {option.description && <span className="choice-description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </fieldset>
  );
}
