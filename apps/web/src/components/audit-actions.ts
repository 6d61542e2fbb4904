import { AUDIT_ACTION_LABELS, type AuditAction, type AuditRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { addMessages } from '../lib/messages';

/**
 * Names of the actions the server records, shared by 操作日志, the admin console's latest rows and the
 * audit CSV: the contracts' AUDIT_ACTION_LABELS, one for each action an area declares (AUDIT_ACTIONS),
 * in both languages, or the typecheck fails.
 */
const actionsIn = (lang: 'zh' | 'en') =>
  Object.fromEntries(Object.entries(AUDIT_ACTION_LABELS).map(([action, words]) => [action, words[lang]]));

addMessages({
  en: { auditActor: { system: 'System' }, auditActions: actionsIn('en') },
  zh: { auditActor: { system: '系统' }, auditActions: actionsIn('zh') },
});

/**
 * Every action an area declares (AUDIT_ACTION_LABELS has each, or the typecheck fails), in the order the
 * 操作日志 filter offers them (the labels' order).
 */
export const KNOWN_AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** An action's name in the interface language, or the action itself (a row older than its name). */
export function useAuditActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action) => (i18n.exists(`auditActions.${action}`) ? t(`auditActions.${action}`) : action);
}

/** Who acted: the username, the id of a deleted account, or the system. */
export function useAuditActorName(): (row: Pick<AuditRow, 'actor_name' | 'actor_id'>) => string {
  const { t } = useTranslation();
  return (row) => row.actor_name || (row.actor_id ? `#${row.actor_id}` : t('auditActor.system'));
}
