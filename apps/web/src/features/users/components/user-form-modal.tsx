import { type AdminUserRow, USER_ROLES, type UserRole } from '@tally/contracts';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useSaveUser } from '../api';
import type { UserDialog } from './user-dialog';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Values {
  username: string;
  email: string;
  roles: UserRole[];
  password?: string;
}

const rule = (field: keyof Values) => schemas.fieldRule('adminUserSaveBodySchema', field);

/** Create a user (a password is generated when none is typed) or edit username, email and roles. */
export function UserFormModal({
  user,
  onClose,
  onOpen,
}: {
  user?: AdminUserRow;
  onClose(): void;
  onOpen(dialog: UserDialog): void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveUser();
  const submit = (values: Values) =>
    save.mutate(
      { ...values, password: values.password || undefined, id: user?.id },
      {
        onSuccess: ({ user: saved, password }) => {
          void message.success(t('adminUsers.form.saved'));
          if (password) onOpen({ kind: 'password', user: saved, password });
          else onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={
        user ? t('adminUsers.form.editTitle', { name: user.username }) : t('adminUsers.form.createTitle')
      }
      okText={t('adminUsers.form.save')}
      cancelText={t('adminUsers.form.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ username: user?.username, email: user?.email, roles: user?.roles ?? ['user'] }}
        onFinish={submit}
        data-testid="users-form"
      >
        <Form.Item name="username" label={t('adminUsers.form.username')} rules={[rule('username')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('adminUsers.form.email')} rules={[rule('email')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="roles" label={t('adminUsers.form.roles')} rules={[rule('roles')]}>
          <Checkbox.Group
            options={USER_ROLES.map((r) => ({ value: r, label: t(`adminUsers.roles.${r}`) }))}
          />
        </Form.Item>
        {!user && (
          <Form.Item
            name="password"
            label={t('adminUsers.form.password')}
            extra={t('adminUsers.form.passwordHint')}
            normalize={(value: string) => value || undefined}
            rules={[rule('password')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
