import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { type FeedbackSink, NOTIFY_DURATION_S } from './feedback-sink';

/** The notify bridge's calls on antd's message and notification APIs (hook or static ones). */
export function antdSink(message: MessageInstance, notification: NotificationInstance): FeedbackSink {
  return {
    notifyError(title, description) {
      notification.error({
        title,
        // Field errors come one per line (request-client.ts formatFieldErrors).
        description: <span style={{ whiteSpace: 'pre-line' }}>{description}</span>,
        duration: NOTIFY_DURATION_S,
        className: 'request-error',
      });
    },
    message(type, text) {
      void message[type](text);
    },
  };
}
