/** Buttons, fields, alerts, cards, spinner and layout helpers. Forms use a 12-column grid (SPEC §9). */
import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';
import { keyframes, styled } from './theme';

export const Button = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: '38px',
  padding: '0 $4',
  borderRadius: '$1',
  fontSize: '$2',
  fontWeight: 600,
  cursor: 'pointer',
  border: '1px solid transparent',
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  '&:focus-visible': { outline: '3px solid $focus', outlineOffset: '2px' },
  variants: {
    variant: {
      primary: {
        backgroundColor: '$primary',
        color: 'white',
        '&:hover:not(:disabled)': { backgroundColor: '$primaryHover' },
      },
      secondary: { backgroundColor: '$surface', color: '$primary', borderColor: '$primary' },
      ghost: {
        backgroundColor: 'transparent',
        color: '$text',
        '&:hover:not(:disabled)': { backgroundColor: '$primarySoft' },
      },
      danger: { backgroundColor: '$danger', color: 'white' },
    },
    size: { small: { minHeight: '30px', padding: '0 $3', fontSize: '$1' }, normal: {} },
  },
  defaultVariants: { variant: 'primary', size: 'normal' },
});

export const Grid = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  gap: '$4',
  '@mobile': { gridTemplateColumns: 'minmax(0, 1fr)' },
});

export const Cell = styled('div', {
  gridColumn: 'span 12',
  '@mobile': { gridColumn: 'span 1 !important' },
  variants: {
    span: {
      3: { gridColumn: 'span 3' },
      4: { gridColumn: 'span 4' },
      6: { gridColumn: 'span 6' },
      8: { gridColumn: 'span 8' },
      12: { gridColumn: 'span 12' },
    },
  },
});

const FieldWrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1' });
const Label = styled('label', { fontWeight: 600, fontSize: '$2' });
const Hint = styled('div', { color: '$muted', fontSize: '$1' });
const ErrorText = styled('div', { color: '$danger', fontSize: '$1' });

export const inputStyles = {
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  minHeight: '38px',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$1',
  backgroundColor: '$surface',
  fontSize: '$2',
  '&:focus': { borderColor: '$primary', boxShadow: '0 0 0 3px $colors$primarySoft' },
  '&[aria-invalid="true"]': { borderColor: '$danger' },
  '&:read-only': { backgroundColor: '$background', color: '$muted' },
  '&:disabled': { backgroundColor: '$background', color: '$muted' },
} as const;

export const Input = styled('input', inputStyles);
export const Select = styled('select', { ...inputStyles, appearance: 'auto' });
export const TextArea = styled('textarea', { ...inputStyles, minHeight: '80px', resize: 'vertical' });

interface FieldProps {
  label: string;
  error?: string | string[] | null;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  // One message per field, the first that applies (issue 18): never two joined.
  const errorText = Array.isArray(error) ? error[0] : error;
  const describedBy =
    [errorText ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrapper>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(errorText), 'aria-describedby': describedBy })}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {errorText ? (
        <ErrorText id={`${id}-error`} role="alert">
          {errorText}
        </ErrorText>
      ) : null}
    </FieldWrapper>
  );
}

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string | string[] | null;
  hint?: ReactNode;
  onValueChange?: (value: string) => void;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, value, onValueChange, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(aria) => (
        <Input
          ref={ref}
          {...rest}
          {...aria}
          value={value}
          onChange={(event) => onValueChange?.(event.target.value)}
        />
      )}
    </Field>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<ComponentProps<typeof Select>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  options: readonly SelectOption[];
  error?: string | string[] | null;
  hint?: ReactNode;
  /** The empty first choice's text; null: no empty choice (a value is always chosen). */
  placeholder?: string | null;
  onValueChange: (value: string) => void;
};

/** A labelled select with an empty first choice, its hint and its error. */
export function SelectField({
  label,
  value,
  options,
  error,
  hint,
  placeholder = '—',
  onValueChange,
  ...rest
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(aria) => (
        <Select {...rest} {...aria} value={value} onChange={(event) => onValueChange(event.target.value)}>
          {placeholder === null ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export const Checkbox = ({
  label,
  checked,
  onCheckedChange,
  hideLabel = false,
  ...rest
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & {
  label: string;
  onCheckedChange: (checked: boolean) => void;
  /** The label is the accessible name only (a table row's selection: the row shows its name). */
  hideLabel?: boolean;
}) => {
  const id = useId();
  return (
    <CheckboxRow>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...rest}
      />
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
    </CheckboxRow>
  );
};
const CheckboxRow = styled('div', { display: 'flex', alignItems: 'center', gap: '$2', minHeight: '30px' });

export const Alert = styled('div', {
  padding: '$3 $4',
  borderRadius: '$1',
  border: '1px solid',
  variants: {
    tone: {
      danger: { backgroundColor: '$dangerSoft', borderColor: '$danger', color: '$danger' },
      success: { backgroundColor: '$successSoft', borderColor: '$success', color: '$success' },
      info: { backgroundColor: '$primarySoft', borderColor: '$primary', color: '$primary' },
      warning: { backgroundColor: '$warningSoft', borderColor: '$warning', color: '$warning' },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const Card = styled('section', {
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$card',
  padding: '$5',
});

export const Heading = styled('h1', { fontSize: '$5', margin: '0 0 $4', fontWeight: 700 });
export const Subheading = styled('h2', { fontSize: '$4', margin: '0 0 $3', fontWeight: 600 });
export const Muted = styled('p', { color: '$muted', margin: '$2 0' });
export const Row = styled('div', {
  display: 'flex',
  gap: '$3',
  alignItems: 'center',
  flexWrap: 'wrap',
  variants: {
    justify: { end: { justifyContent: 'flex-end' }, between: { justifyContent: 'space-between' } },
  },
});
export const Stack = styled('div', { display: 'flex', flexDirection: 'column', gap: '$4' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const SpinnerCircle = styled('span', {
  display: 'inline-block',
  width: '18px',
  height: '18px',
  border: '3px solid $primarySoft',
  borderTopColor: '$primary',
  borderRadius: '$round',
  animation: `${spin} 0.8s linear infinite`,
});

export function Spinner({ label }: { label: string }) {
  return (
    <Row role="status" aria-live="polite">
      <SpinnerCircle aria-hidden="true" />
      <span>{label}</span>
    </Row>
  );
}

export const ProgressBar = ({ value, label }: { value: number; label: string }) => (
  <Progress
    role="progressbar"
    aria-label={label}
    aria-valuemin={0}
    aria-valuemax={100}
    aria-valuenow={Math.round(value)}
  >
    <ProgressFill css={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
  </Progress>
);
const Progress = styled('div', {
  height: '8px',
  backgroundColor: '$primarySoft',
  borderRadius: '$round',
  overflow: 'hidden',
});
const ProgressFill = styled('div', { height: '100%', backgroundColor: '$primary', transition: 'width 0.2s' });
