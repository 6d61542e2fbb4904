import type { GroupDetail } from '@tally/contracts';
import { fieldError } from '../../lib/errors.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { GroupsRepository } from './groups.repository.js';
import { assertOwner, ownerFilter } from './site-access.js';
import type { SitesRepository } from './sites.repository.js';
import { toSummary } from './sites.service.js';

/** Site groups (the /sites/group page): a user's folders for sites. */
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly sites: SitesRepository,
  ) {}

  async detail(auth: AuthContext): Promise<GroupDetail> {
    const owner = ownerFilter(auth);
    const [groups, sites] = await Promise.all([this.groups.list(owner), this.sites.summaries(owner)]);
    return {
      list: groups.map((g) => ({
        id: g.id,
        name: g.name,
        sites: sites.filter((s) => s.groupId === g.id).map(toSummary),
      })),
      ungrouped: sites.filter((s) => s.groupId === null).map(toSummary),
    };
  }

  async save(auth: AuthContext, body: { id?: number; name: string }): Promise<{ id: number; name: string }> {
    if (body.id === undefined) {
      const row = await this.groups.insert(auth.userId!, body.name);
      return { id: row.id, name: row.name };
    }
    const group = assertOwner(auth, await this.groups.findById(body.id), 'group');
    await this.groups.rename(group.id, body.name);
    return { id: group.id, name: body.name };
  }

  async delete(auth: AuthContext, ids: number[]): Promise<void> {
    for (const id of ids) assertOwner(auth, await this.groups.findById(id), 'group');
    await this.groups.delete(ids);
  }

  /** Moves sites into a group (or out of any with null); group and sites must share one owner. */
  async move(auth: AuthContext, siteIds: number[], groupId: number | null): Promise<void> {
    const rows = await this.sites.findByIds(siteIds);
    const owned = siteIds.map((id) =>
      assertOwner(
        auth,
        rows.find((r) => r.id === id),
        'site',
      ),
    );
    if (groupId !== null) {
      const group = assertOwner(auth, await this.groups.findById(groupId), 'group');
      if (owned.some((s) => s.userId !== group.userId))
        throw fieldError('group_id', 'the group belongs to another user');
    }
    await this.sites.moveToGroup(siteIds, groupId);
  }
}
