/**
 * Where messages and error notifications go, and how they look (seed section 8): shared by the notify
 * bridge and the antd sinks it loads, so neither imports the other's module.
 */

/** Seed section 8: error notifications sit 52px from the top and stay 3 s. */
export const NOTIFY_TOP = 52;
export const NOTIFY_DURATION_S = 3;

export type MessageType = 'success' | 'error' | 'info' | 'warning';

export interface FeedbackSink {
  notifyError(title: string, description: string): void;
  message(type: MessageType, text: string): void;
}
