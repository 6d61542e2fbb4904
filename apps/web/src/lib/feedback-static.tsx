import { message, notification } from 'antd';
import { antdSink } from './antd-sink';
import { NOTIFY_DURATION_S, NOTIFY_TOP } from './feedback-sink';

notification.config({ top: NOTIFY_TOP, duration: NOTIFY_DURATION_S });

/** Outside the antd scope (signed-out pages): antd's static APIs, loaded with the first message. */
export const staticSink = antdSink(message, notification);
