/**
 * What the try-it mode hands the server (`seams.playground`, see playground.module.ts): the fake
 * TronGrid and the fake Bot API running in the same process, as the few calls the panel makes of them.
 * The fakes live in `src/testing/` and `modules/finance/fake-trongrid.ts`, which the product never
 * imports; `src/testing/playground.ts` starts them and passes them in, and they fit these shapes.
 */

/** A Telegram chat as the fake Bot API's update helpers take it. */
export interface PlaygroundChat {
  id: number;
  type: 'group' | 'supergroup';
  title: string;
}

/** A Telegram user (a member of a fake group). */
export interface PlaygroundMember {
  id: number;
  first_name: string;
}

/** One Bot API call the fake recorded. */
export interface PlaygroundBotCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  at: number;
  status: number;
}

export interface PlaygroundSeam {
  /** The data directory the playground runs on (wiped at its start). */
  dataDir: string;
  /** The plain user owning the demo sites. */
  demoEmail: string;
  /** The receiving address (configured in USDT管理 by the playground's set-up). */
  address: string;
  chain: {
    url: string;
    /** A confirmed USDT transfer on the fake chain, now; returns its transaction id. */
    inject(transfer: { to: string; value: bigint }): string;
  };
  botApi: {
    url: string;
    readonly calls: readonly PlaygroundBotCall[];
    /** Per chat: the member count getChatMemberCount answers. */
    readonly memberCounts: Map<number, number>;
    /** Delivers an update as Telegram would: a webhook POST, or queued for getUpdates. */
    deliver(token: string, update: Record<string, unknown>): Promise<number>;
    myChatMember(
      chat: PlaygroundChat,
      to: string,
      from?: string,
      by?: PlaygroundMember,
    ): Record<string, unknown>;
    message(chat: PlaygroundChat, text: string, from?: PlaygroundMember): Record<string, unknown>;
  };
  /** The demo bot as the fake Bot API knows it (Telegram's id, not Tally's). */
  bot: { token: string; id: number; username: string };
}
