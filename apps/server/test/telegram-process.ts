// A second Tally process for the Telegram takeover test: the app on the given database (worker role,
// so it polls), printing `holding <botId>` once its poller holds the bot's lock. Killed with SIGKILL.
import { appOnDatabase, childConfig } from './telegram-child.js';

const [url, apiRoot, botId] = process.argv.slice(2) as [string, string, string];
const { services } = await appOnDatabase(url, childConfig(apiRoot), {
  telegram: { pollerRetryMs: 200, pollTimeoutSeconds: 1 },
});
const timer = setInterval(() => {
  if (services.telegramRuntime.polling(Number(botId))) {
    console.log(`holding ${botId}`);
    clearInterval(timer);
  }
}, 50);
