import '../messages';
import '../invites.css';
import { Space } from 'antd';
import { InviteCard } from '../components/invite-card';
import { InvitesLists } from '../components/invites-lists';

/** /user/invites 邀请返利: the invite link and figures, then invitees and commission records. */
export default function InvitesPage() {
  return (
    <Space orientation="vertical" size={16} className="invites-page" data-testid="invites-page">
      <InviteCard />
      <InvitesLists />
    </Space>
  );
}
