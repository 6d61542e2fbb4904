import { MOCK_DATA_MARKER, MOCK_ITEM_COUNT } from './contract';
import { type SeededRandom, seededRandom } from './random';

/** The article rows of the template's article list, generated from a fixed seed. */
export interface MockArticle {
  id: number;
  timestamp: number;
  author: string;
  reviewer: string;
  title: string;
  content_short: string;
  content: string;
  forecast: number;
  importance: 1 | 2 | 3;
  type: MockArticleType;
  status: 'published' | 'draft' | 'deleted';
  display_time: string;
  comment_disabled: boolean;
  pageviews: number;
  platforms: string[];
}

export const MOCK_ARTICLE_TYPES = ['CN', 'US', 'JP', 'EU'] as const;
export type MockArticleType = (typeof MOCK_ARTICLE_TYPES)[number];

export interface MockTransaction {
  order_no: string;
  timestamp: number;
  username: string;
  price: number;
  status: 'success' | 'pending';
}

const FIRST_NAMES = [
  'Amy',
  'Brian',
  'Carol',
  'Daniel',
  'Edward',
  'Fiona',
  'George',
  'Helen',
  'Ivan',
  'Julia',
  'Kevin',
  'Laura',
  'Mark',
  'Nancy',
  'Oscar',
  'Paula',
  'Quinn',
  'Ruth',
  'Steven',
  'Tina',
] as const;
const LAST_NAMES = ['Allen', 'Baker', 'Clark', 'Davis', 'Evans', 'Ford', 'Green', 'Hill'] as const;
const WORDS = [
  'report',
  'site',
  'visit',
  'traffic',
  'weekly',
  'growth',
  'source',
  'keyword',
  'device',
  'region',
  'summary',
  'trend',
  'notice',
  'plan',
  'update',
  'review',
  'release',
  'guide',
  'launch',
  'design',
] as const;

/** 2020-01-01T00:00:00Z: generated times fall in the five years after it. */
const EPOCH_MS = Date.UTC(2020, 0, 1);
const FIVE_YEARS_MS = 5 * 365 * 24 * 3600 * 1000;

function randomTime(random: SeededRandom): number {
  return EPOCH_MS + Math.floor(random.next() * FIVE_YEARS_MS);
}

/** `YYYY-MM-DD hh:mm:ss` in UTC, the shape of the template's display_time. */
function displayTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function generateArticles(random: SeededRandom): MockArticle[] {
  return Array.from({ length: MOCK_ITEM_COUNT }, (_, index) => {
    const timestamp = randomTime(random);
    return {
      id: index + 1,
      timestamp,
      author: random.pick(FIRST_NAMES),
      reviewer: random.pick(FIRST_NAMES),
      title: random.title(WORDS, random.int(5, 10)),
      content_short: MOCK_DATA_MARKER,
      content: `<p>${MOCK_DATA_MARKER}</p>`,
      forecast: random.float(0, 100, 2),
      importance: random.int(1, 3) as MockArticle['importance'],
      type: random.pick(MOCK_ARTICLE_TYPES),
      status: random.pick(['published', 'draft', 'deleted'] as const),
      display_time: displayTime(randomTime(random)),
      comment_disabled: true,
      pageviews: random.int(300, 5000),
      platforms: ['a-platform'],
    };
  });
}

function generateNames(random: SeededRandom): string[] {
  return Array.from(
    { length: MOCK_ITEM_COUNT },
    () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
  );
}

/** The transaction list: the template answered one page of 20 with total 20. */
function generateTransactions(random: SeededRandom): MockTransaction[] {
  return Array.from({ length: 20 }, () => ({
    order_no: `${random.hex(8)}-${random.hex(4)}-${random.hex(4)}-${random.hex(4)}-${random.hex(12)}`,
    timestamp: randomTime(random),
    username: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    price: random.float(1000, 15000, 2),
    status: random.pick(['success', 'pending'] as const),
  }));
}

/** One seed for the whole data set: the same 100 articles and names on every start and in tests. */
export const MOCK_SEED = 20000;

export function createMockData(seed = MOCK_SEED) {
  const random = seededRandom(seed);
  return {
    articles: generateArticles(random),
    names: generateNames(random),
    transactions: generateTransactions(random),
  };
}
