// A Tally process for the cross-process pacing test: the app on the given database (serve role: no
// pollers, no job workers), which on "go" (stdin) sends one message to each listed group through
// the groups service (the same paced sender as reports and notices), then prints "done".
import { createInterface } from 'node:readline';
import { appOnDatabase, childConfig } from './telegram-child.js';

const [url, apiRoot, limits, groups, actorId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const { services, close } = await appOnDatabase(url, childConfig(apiRoot, { ROLE: 'serve' }), {
  telegram: { limits: JSON.parse(limits) },
});
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  const actor = { userId: Number(actorId), ip: '127.0.0.1' };
  await Promise.all(
    (JSON.parse(groups) as number[]).map((id, i) =>
      services.telegramChats.send(actor, id, `m${process.pid}-${i}`),
    ),
  );
  console.log('done');
  break;
}
await close();
