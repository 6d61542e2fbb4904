import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../stores/user';
import { logout } from './logout';

/** Clients get only a log-out button; everyone else a dropdown with name and password change. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const isClient = useUserStore((s) => s.is_client === 1);

  const onLogout = async () => {
    // A failed call still ends the local session: logout() cleans up either way.
    await logout().catch(() => undefined);
    navigate('/login');
  };

  if (isClient) {
    return (
      <Button type="text" onClick={onLogout} data-testid="logout">
        {t('navbar.logout')}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'name', label: name, disabled: true },
          { type: 'divider' },
          { key: 'password', label: t('navbar.changePassword'), onClick: () => navigate('/user/profile') },
          { key: 'logout', label: t('navbar.logout'), onClick: onLogout, danger: true },
        ],
      }}
    >
      <Button type="text" className="user-menu-trigger" data-testid="user-menu">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        <span className="user-menu-name">{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
