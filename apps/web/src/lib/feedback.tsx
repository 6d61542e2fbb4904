import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { antdSink } from './antd-sink';
import { NOTIFY_DURATION_S, NOTIFY_TOP, registerFeedbackSink } from './notify';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

const FeedbackContext = createContext<Feedback>({ message, notification });

/**
 * Theme-aware message and notification APIs, also registered with the notify bridge for code
 * outside React. antd's <App> would do the same but also ships the modal machinery.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [notificationApi, notificationHolder] = notification.useNotification({
    top: NOTIFY_TOP,
    duration: NOTIFY_DURATION_S,
  });
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(() => registerFeedbackSink(antdSink(messageApi, notificationApi)), [messageApi, notificationApi]);
  return (
    <FeedbackContext.Provider value={{ message: messageApi, notification: notificationApi }}>
      {notificationHolder}
      {messageHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}
