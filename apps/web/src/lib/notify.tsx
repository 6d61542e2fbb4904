import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Seed section 8: error notifications sit 52px from the top and stay 3 s. */
export const NOTIFY_TOP = 52;
export const NOTIFY_DURATION_S = 3;

let instance: NotificationInstance = notification;

/** The app registers antd's context-aware instance so notifications follow the theme and locale. */
export function registerNotification(api: NotificationInstance): void {
  instance = api;
}

export function notifyError(title: string, description: string): void {
  instance.error({
    title,
    description: <span style={{ whiteSpace: 'pre-line' }}>{description}</span>,
    duration: NOTIFY_DURATION_S,
    className: 'request-error',
  });
}
