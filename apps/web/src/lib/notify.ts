/**
 * Messages and error notifications for code that must not load antd: the request client, the
 * navigation guard and the signed-out pages (their first load stays small, bench/web-bundle.mjs).
 * Inside the antd scope the FeedbackProvider registers a theme-aware sink; before that, the first
 * call loads antd's static APIs on demand.
 */

import type { FeedbackSink, MessageType } from './feedback-sink';

export { NOTIFY_DURATION_S, NOTIFY_TOP } from './feedback-sink';

let registered: FeedbackSink | undefined;

/** Returns the unregister function (for an effect's clean-up). */
export function registerFeedbackSink(sink: FeedbackSink): () => void {
  registered = sink;
  return () => {
    if (registered === sink) registered = undefined;
  };
}

function withSink(use: (sink: FeedbackSink) => void): void {
  if (registered) use(registered);
  else void import('./feedback-static').then((m) => use(m.staticSink));
}

export function notifyError(title: string, description: string): void {
  withSink((sink) => sink.notifyError(title, description));
}

export function showMessage(type: MessageType, text: string): void {
  withSink((sink) => sink.message(type, text));
}
