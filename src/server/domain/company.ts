/**
 * Company information for /corporationSelect and `config/getSystemConfig`: name,
 * tagline, an HTML 'about' text, contact and registration details, per language. Operators
 * edit it (audited as `company.update`); until they do, built-in defaults are shown.
 */
import { LOCALES, type Locale } from '../../shared/lang.js';
import type { Db } from '../db/index.js';
import type { AdminCompanyForm } from '../../shared/generated/index.js';
import { writeAudit } from './audit.js';
import type { Deps } from './deps.js';
import { sanitizeArticleHtml } from './html.js';

/**
 * The company's public profile in one language: the company form's fields (the
 * generated type of schemas/contracts/adminCompany.schema.json) without `lang`; `aboutHtml`
 * is sanitized HTML.
 */
export type CompanyInfo = Omit<AdminCompanyForm, 'lang'>;

const COMMON = {
  name: 'Nivesh Technologies Pvt. Ltd.',
  email: 'support@nivesh.example',
  phone: '+91 22 4000 0000',
  website: 'https://nivesh.example',
  registration: 'CIN U67190MH2026PTC412345',
  address: 'Bandra Kurla Complex, Mumbai 400051, India',
};

/** Built-in texts until an operator saves the company's own. */
const DEFAULTS: Record<Locale, CompanyInfo> = {
  de: {
    ...COMMON,
    tagline: 'Investieren in Indiens Märkte – einfach, transparent, mobil.',
    aboutHtml:
      '<p>Nivesh bringt NIFTY-50-Aktien, Indizes, IPOs und ETFs in eine einfache App für dein Telefon.</p><p>Wir zeigen Kurse, Charts und Nachrichten klar und ehrlich – simulierte Kurse sind immer als solche gekennzeichnet.</p>',
  },
  en: {
    ...COMMON,
    tagline: "Investing in India's markets – simple, transparent, mobile.",
    aboutHtml:
      '<p>Nivesh brings NIFTY 50 stocks, indices, IPOs and ETFs into one simple app on your phone.</p><p>We show prices, charts and news clearly and honestly – simulated prices are always labelled as such.</p>',
  },
  hi: {
    ...COMMON,
    tagline: 'भारत के बाज़ारों में निवेश – सरल, पारदर्शी, मोबाइल।',
    aboutHtml:
      '<p>निवेश NIFTY 50 शेयर, सूचकांक, IPO और ETF को आपके फ़ोन पर एक सरल ऐप में लाता है।</p><p>हम भाव, चार्ट और समाचार स्पष्ट और ईमानदारी से दिखाते हैं – सिम्युलेटेड भाव हमेशा चिह्नित होते हैं।</p>',
  },
  zh: {
    ...COMMON,
    tagline: '投资印度市场——简单、透明、随时随地。',
    aboutHtml: '<p>Nivesh 将 NIFTY 50 股票、指数、IPO 和 ETF 汇集到一个简单的手机应用中。</p><p>我们清晰、诚实地展示行情、图表和新闻——模拟价格始终会被明确标注。</p>',
  },
};

const keyOf = (locale: Locale) => `company.${locale}`;

/** The company profile in a language (stored, else stored English, else built-in). */
export async function getCompany(deps: Deps, locale: Locale): Promise<CompanyInfo> {
  const rows = await deps.db.selectFrom('site_content').select(['key', 'value_json']).where('key', 'in', [keyOf(locale), keyOf('en')]).execute();
  const stored = rows.find((r) => r.key === keyOf(locale)) ?? rows.find((r) => r.key === keyOf('en'));
  if (!stored) return DEFAULTS[locale];
  const value = { ...DEFAULTS[locale], ...(JSON.parse(stored.value_json) as Partial<CompanyInfo>) };
  return { ...value, aboutHtml: sanitizeArticleHtml(value.aboutHtml, deps.config.contentLinkOrigins) };
}

/** `admin/company/get`: the profile in every language. */
export async function adminGetCompany(deps: Deps): Promise<Record<Locale, CompanyInfo>> {
  const entries = await Promise.all(LOCALES.map(async (locale) => [locale, await getCompany(deps, locale)] as const));
  return Object.fromEntries(entries) as Record<Locale, CompanyInfo>;
}

/**
 * `admin/company/save`: replaces the profile of one language (HTML sanitized).
 * Audited as `company.update` with the profile before and after.
 */
export async function saveCompany(deps: Deps, actorUserId: string, input: CompanyInfo & { lang: Locale }): Promise<void> {
  const { lang, ...fields } = input;
  const value: CompanyInfo = { ...fields, aboutHtml: sanitizeArticleHtml(fields.aboutHtml, deps.config.contentLinkOrigins) };
  const now = deps.clock.now();
  const before = await getCompany(deps, lang);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('site_content')
      .values({ key: keyOf(lang), value_json: JSON.stringify(value), updated_at: now, updated_by: actorUserId })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(value), updated_at: now, updated_by: actorUserId }))
      .execute();
    await writeAudit(tx as unknown as Db, { actorUserId, action: 'company.update', entity: 'company', entityId: lang, before, after: value, at: now });
  });
}
