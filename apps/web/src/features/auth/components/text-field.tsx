import { AuthField, AuthInput } from './auth-field';
import type { AuthForm } from './use-auth-form';

type InputProps = Omit<
  Parameters<typeof AuthInput>[0],
  'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'id'
>;

/** One labelled input bound to a form field, with the field's error below it. */
export function TextField<K extends string>({
  form,
  name,
  label,
  ...input
}: { form: Pick<AuthForm<Record<K, string>>, 'bind' | 'errors'>; name: K; label: string } & InputProps) {
  return (
    <AuthField label={label} htmlFor={`field-${name}`} error={form.errors[name]}>
      <AuthInput {...input} {...form.bind(name)} />
    </AuthField>
  );
}
