import { PLAYGROUND_API } from '@tally/contracts';
import { call } from '../../lib/request';

/** The panel's calls, each the contract's declaration (PLAYGROUND_API). */
export const playgroundApi = {
  recharges: () => call(PLAYGROUND_API.recharges),
  pay: (id: number) => call(PLAYGROUND_API.pay, { id }),
  groups: () => call(PLAYGROUND_API.groups),
  addGroup: (title: string, siteId?: number) =>
    call(PLAYGROUND_API.addGroup, siteId === undefined ? { title } : { title, site_id: siteId }),
  command: (groupId: number, text: string) => call(PLAYGROUND_API.command, { group_id: groupId, text }),
  report: (groupId: number) => call(PLAYGROUND_API.report, { group_id: groupId }),
  messages: (groupId?: number) => call(PLAYGROUND_API.messages, groupId ? { group_id: groupId } : {}),
};

/** React Query keys; an action invalidates the prefix, so every card shows its effect. */
export const PLAYGROUND_KEY = ['playground'] as const;

/** How often the cards look again (a recharge asked on 我的钱包 meanwhile, a report sent by the job). */
export const REFRESH_MS = 5000;
