/**
 * The controls a descriptor may name by key (FieldDescriptor.renderer), and the generic
 * multi-select. Descriptors stay data; what needs the session (the signed-in user's grants, to
 * disable what the server would refuse) lives here, in the views.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FormOption, FormValue } from '../../../../machines/resourceForm';
import { type AccessSubject, mayDo } from '../../../contracts/access';
import { type Action, isPermissionCodename, type Resource } from '../../../contracts/permissions';
import type { FieldDescriptor, FieldRendererKey } from '../../resources/descriptor';
import { Checkbox, Field, Input } from '../../ui/primitives';
import { SessionContext } from '../shared/session';
import { PermissionGrid } from './PermissionGrid';

/** What a field control receives. */
export interface FieldRendererProps {
  field: FieldDescriptor;
  value: FormValue;
  error: string[] | undefined;
  readOnly: boolean;
  options: FormOption[];
  onChange: (value: FormValue) => void;
}

/** The signed-in user as access.ts reads it. */
export function useSubject(): AccessSubject {
  const user = SessionContext.useSelector((snapshot) => snapshot.context.session?.user);
  return {
    id: user?.id,
    isSuperuser: user?.is_superuser ?? false,
    groups: user?.groups ?? [],
    permissions: user?.permissions ?? [],
    modules: user?.modules ?? [],
  };
}

const listOf = (value: FormValue): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Checkboxes whose value is the list of chosen option values; `mayChoose` disables the rest. */
function CheckList({
  field,
  value,
  error,
  readOnly,
  options,
  onChange,
  mayChoose = () => true,
}: FieldRendererProps & { mayChoose?: (value: string) => boolean }) {
  const chosen = listOf(value);
  const toggle = (key: string, checked: boolean) =>
    onChange(checked ? [...chosen, key] : chosen.filter((item) => item !== key));
  return (
    <Field label={field.label} error={error} hint={field.hint}>
      {() => (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
        <div role="group" aria-label={field.label} style={{ maxHeight: 220, overflowY: 'auto' }}>
          {options.map((option) => {
            const checked = chosen.includes(option.value);
            return (
              <Checkbox
                key={option.value}
                label={option.label}
                checked={checked}
                disabled={readOnly || (!checked && !mayChoose(option.value))}
                onCheckedChange={(next) => toggle(option.value, next)}
              />
            );
          })}
        </div>
      )}
    </Field>
  );
}

/** The generic multi-select (groups, modules, zones, offices): a list of ids or keys. */
export function MultiSelectField(props: FieldRendererProps) {
  return <CheckList {...props} />;
}

/**
 * Permission codenames as a grid (PermissionGrid, the same for Usuarios and Grupos); those the
 * signed-in user does not hold are disabled (already chosen ones stay changeable).
 */
function PermissionPicker(props: FieldRendererProps) {
  const subject = useSubject();
  const mayChoose = (codename: string) => {
    if (!isPermissionCodename(codename)) return false;
    const [resource, action] = codename.split('/') as [Resource, Action];
    return mayDo(subject, resource, action);
  };
  return (
    <PermissionGrid
      label={props.field.label}
      error={props.error}
      options={props.options}
      chosen={listOf(props.value)}
      readOnly={props.readOnly}
      mayChoose={mayChoose}
      onChange={props.onChange}
    />
  );
}

/**
 * A checkbox field: the one control of every boolean, plain (FieldControl) or custom (the
 * superuser flag), read-only when `readOnly`.
 */
export function CheckboxControl({ field, value, error, readOnly, onChange }: FieldRendererProps) {
  return (
    <Field label={field.label} error={error} hint={field.hint}>
      {() => (
        <Checkbox
          label={field.label}
          checked={value === true}
          disabled={readOnly}
          onCheckedChange={(checked) => onChange(checked)}
        />
      )}
    </Field>
  );
}

/** How a text input is typed: the HTML type, the keyboard, a placeholder, autocomplete. */
export interface InputOptions {
  type?: 'text' | 'email' | 'password';
  inputMode?: 'numeric' | 'decimal';
  /** Replaces the field's own hint (a money field's reading, issue 40). */
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
}

/** A one-line text field: the one control of texts, numbers, dates and passwords. */
export function InputControl({
  field,
  value,
  error,
  readOnly,
  onChange,
  type = 'text',
  inputMode,
  placeholder,
  autoComplete = 'off',
  maxLength = field.maxLength,
  hint,
}: FieldRendererProps & InputOptions) {
  return (
    <Field label={field.label} error={error} hint={hint ?? field.hint}>
      {(aria) => (
        <Input
          {...aria}
          name={field.name}
          value={typeof value === 'string' ? value : ''}
          readOnly={readOnly}
          maxLength={maxLength}
          type={type}
          inputMode={inputMode}
          placeholder={placeholder}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function PasswordField(props: FieldRendererProps) {
  return <InputControl {...props} type="password" autoComplete="new-password" />;
}

/** Only a superuser may grant or remove the superuser flag (the server refuses otherwise). */
function SuperuserFlag(props: FieldRendererProps) {
  const subject = useSubject();
  return <CheckboxControl {...props} readOnly={props.readOnly || !subject.isSuperuser} />;
}

/** Renderer keys to components: the only place a descriptor's `renderer` is resolved. */
export const FIELD_RENDERERS: Record<FieldRendererKey, ComponentType<FieldRendererProps>> = {
  password: PasswordField,
  superuserFlag: SuperuserFlag,
  permissionPicker: PermissionPicker,
};
