/**
 * Demo content: in demo mode a few clearly marked sample articles and banners are
 * created once per database (marker `demo.contentSeeded` in `site_content`), so /home is not
 * empty. They carry `demo = 1` and the UI shows a 'Demo' badge; operators may edit or delete
 * them like any other content. Nothing is seeded in production mode.
 */
import type { Locale } from '../../shared/lang.js';
import type { Deps } from '../domain/deps.js';
import { newId } from '../domain/ids.js';

interface Article {
  hoursAgo: number;
  symbols: string[];
  text: Record<Locale, { title: string; summary: string; body: string }>;
}

const ARTICLES: Article[] = [
  {
    hoursAgo: 1,
    symbols: ['NIFTY50', 'SENSEX'],
    text: {
      de: { title: 'So liest du NIFTY 50 und SENSEX', summary: 'Zwei Indizes, ein Überblick: was die Zahlen auf deiner Startseite bedeuten.', body: '<p>Der <strong>NIFTY 50</strong> bündelt 50 große Unternehmen der NSE, der <strong>SENSEX</strong> 30 Werte der BSE. Steigt ein Index, sind seine großen Werte im Schnitt gestiegen.</p><p>Die Veränderung zeigt dir, wie weit der Index seit dem letzten Schlusskurs gelaufen ist – in Punkten und in Prozent.</p>' },
      en: { title: 'How to read the NIFTY 50 and SENSEX', summary: 'Two indices, one overview: what the numbers on your home screen mean.', body: '<p>The <strong>NIFTY 50</strong> tracks 50 large companies on the NSE, the <strong>SENSEX</strong> 30 stocks on the BSE. When an index rises, its large members rose on average.</p><p>The change tells you how far the index moved since the previous close – in points and in percent.</p>' },
      hi: { title: 'NIFTY 50 और SENSEX कैसे पढ़ें', summary: 'दो सूचकांक, एक नज़र: आपकी होम स्क्रीन के आँकड़ों का मतलब।', body: '<p><strong>NIFTY 50</strong> NSE की 50 बड़ी कंपनियों को, और <strong>SENSEX</strong> BSE के 30 शेयरों को दर्शाता है। सूचकांक बढ़ता है तो उसके बड़े शेयर औसतन बढ़े होते हैं।</p><p>बदलाव बताता है कि पिछले बंद भाव से सूचकांक कितना चला – अंकों और प्रतिशत में।</p>' },
      zh: { title: '如何解读 NIFTY 50 和 SENSEX', summary: '两个指数，一目了然：首页上的数字代表什么。', body: '<p><strong>NIFTY 50</strong> 跟踪 NSE 上的 50 家大型公司，<strong>SENSEX</strong> 跟踪 BSE 上的 30 只股票。指数上涨，意味着其主要成分股平均上涨。</p><p>涨跌幅显示指数相对上一收盘价的变化——以点数和百分比表示。</p>' },
    },
  },
  {
    hoursAgo: 5,
    symbols: [],
    text: {
      de: { title: 'Simulierte Kurse: was du in dieser Demo siehst', summary: 'Die Kurse hier sind simuliert – realistisch bewegt, aber nicht echt.', body: '<p>In der Demo bewegen sich die Kurse nach einem Zufallsmodell (geometrische Brownsche Bewegung), ausgehend von echten Schlusskursen und Schwankungen der NSE.</p><p>Darum steht überall <em>Simulierte Kurse</em>. Triff keine echten Anlageentscheidungen auf Basis dieser Zahlen.</p>' },
      en: { title: 'Simulated prices: what you see in this demo', summary: 'Prices here are simulated – moving realistically, but not real.', body: '<p>In the demo, prices move by a random model (geometric Brownian motion) that starts from real NSE closing prices and volatilities.</p><p>That is why every screen says <em>Simulated prices</em>. Do not make real investment decisions based on these numbers.</p>' },
      hi: { title: 'सिम्युलेटेड भाव: इस डेमो में आप क्या देखते हैं', summary: 'यहाँ के भाव सिम्युलेटेड हैं – असली जैसे चलते हैं, पर असली नहीं।', body: '<p>डेमो में भाव एक यादृच्छिक मॉडल (ज्यामितीय ब्राउनियन गति) से चलते हैं, जो NSE के असली बंद भावों और उतार-चढ़ाव से शुरू होता है।</p><p>इसीलिए हर जगह <em>सिम्युलेटेड भाव</em> लिखा है। इन आँकड़ों पर असली निवेश के निर्णय न लें।</p>' },
      zh: { title: '模拟价格：本演示中显示的内容', summary: '这里的价格是模拟的——走势逼真，但并非真实。', body: '<p>在演示中，价格按随机模型（几何布朗运动）变动，起点是 NSE 的真实收盘价和波动率。</p><p>因此每个页面都标有<em>模拟价格</em>。请勿根据这些数字做出真实的投资决定。</p>' },
    },
  },
  {
    hoursAgo: 26,
    symbols: ['TCS', 'INFY'],
    text: {
      de: { title: 'Branchenblick: IT-Schwergewichte im NIFTY 50', summary: 'TCS, Infosys und Co. – warum IT-Werte den Index spürbar bewegen.', body: '<p>Informationstechnik ist einer der größten Sektoren im NIFTY 50. Werte wie <strong>TCS</strong> und <strong>Infosys</strong> haben ein hohes Gewicht.</p><p>Tippe auf einen Wert, um Chart, Kennzahlen und die 52-Wochen-Spanne zu sehen.</p>' },
      en: { title: 'Sector view: IT heavyweights in the NIFTY 50', summary: 'TCS, Infosys and peers – why IT stocks move the index.', body: '<p>Information technology is one of the largest sectors in the NIFTY 50. Stocks such as <strong>TCS</strong> and <strong>Infosys</strong> carry a large weight.</p><p>Tap a stock to see its chart, key figures and 52-week range.</p>' },
      hi: { title: 'सेक्टर नज़र: NIFTY 50 के IT दिग्गज', summary: 'TCS, इंफोसिस और अन्य – IT शेयर सूचकांक को क्यों हिलाते हैं।', body: '<p>सूचना प्रौद्योगिकी NIFTY 50 के सबसे बड़े सेक्टरों में से एक है। <strong>TCS</strong> और <strong>इंफोसिस</strong> जैसे शेयरों का भार अधिक है।</p><p>चार्ट, मुख्य आँकड़े और 52-सप्ताह की रेंज देखने के लिए किसी शेयर पर टैप करें।</p>' },
      zh: { title: '行业观察：NIFTY 50 中的 IT 权重股', summary: 'TCS、Infosys 等——为什么 IT 股会带动指数。', body: '<p>信息技术是 NIFTY 50 中最大的行业之一。<strong>TCS</strong> 和 <strong>Infosys</strong> 等股票权重较高。</p><p>点击任一股票，查看图表、关键数据和 52 周区间。</p>' },
    },
  },
  {
    hoursAgo: 50,
    symbols: ['HDFCBANK', 'ICICIBANK', 'SBIN'],
    text: {
      de: { title: 'Banken im Fokus: HDFC Bank, ICICI Bank, SBI', summary: 'Finanzwerte sind das größte Gewicht im Index – ein kurzer Überblick.', body: '<p>Finanzdienstleister stellen den größten Anteil am NIFTY 50. <strong>HDFC Bank</strong>, <strong>ICICI Bank</strong> und die <strong>State Bank of India</strong> gehören zu den meistgehandelten Werten.</p><p>Mit dem Stern auf der Detailseite legst du sie in deine Favoriten.</p>' },
      en: { title: 'Banks in focus: HDFC Bank, ICICI Bank, SBI', summary: 'Financials are the largest weight in the index – a short overview.', body: '<p>Financial services make up the largest share of the NIFTY 50. <strong>HDFC Bank</strong>, <strong>ICICI Bank</strong> and the <strong>State Bank of India</strong> are among the most traded stocks.</p><p>Use the star on a stock\'s page to add it to your favourites.</p>' },
      hi: { title: 'बैंक चर्चा में: HDFC बैंक, ICICI बैंक, SBI', summary: 'वित्तीय शेयरों का सूचकांक में सबसे बड़ा भार है – एक संक्षिप्त नज़र।', body: '<p>वित्तीय सेवाएँ NIFTY 50 का सबसे बड़ा हिस्सा हैं। <strong>HDFC बैंक</strong>, <strong>ICICI बैंक</strong> और <strong>स्टेट बैंक ऑफ़ इंडिया</strong> सबसे ज़्यादा कारोबार वाले शेयरों में हैं।</p><p>किसी शेयर के पेज पर स्टार दबाकर उसे अपने पसंदीदा में जोड़ें।</p>' },
      zh: { title: '聚焦银行：HDFC Bank、ICICI Bank、SBI', summary: '金融股在指数中权重最大——简要概览。', body: '<p>金融服务在 NIFTY 50 中占比最大。<strong>HDFC Bank</strong>、<strong>ICICI Bank</strong> 和<strong>印度国家银行</strong>是交易最活跃的股票之一。</p><p>在股票详情页点击星标即可加入自选。</p>' },
    },
  },
];

interface Slide {
  tone: string;
  link: string;
  text: Record<Locale, { title: string; subtitle: string }>;
}

const SLIDES: Slide[] = [
  {
    tone: 'brand',
    link: '/market',
    text: {
      de: { title: 'Alle NIFTY-50-Werte live', subtitle: 'Kurse, Veränderung und Umsatz auf einen Blick' },
      en: { title: 'Every NIFTY 50 stock, live', subtitle: 'Prices, change and volume at a glance' },
      hi: { title: 'NIFTY 50 के सभी शेयर, लाइव', subtitle: 'भाव, बदलाव और वॉल्यूम एक नज़र में' },
      zh: { title: 'NIFTY 50 全部成分股实时行情', subtitle: '价格、涨跌和成交量一目了然' },
    },
  },
  {
    tone: 'ink',
    link: '/marketDetails?symbol=RELIANCE',
    text: {
      de: { title: 'Charts von 1 Tag bis 1 Jahr', subtitle: 'Linie oder Kerzen – tippe dich durch die Zeiträume' },
      en: { title: 'Charts from 1 day to 1 year', subtitle: 'Line or candles – tap through the ranges' },
      hi: { title: '1 दिन से 1 साल तक के चार्ट', subtitle: 'लाइन या कैंडल – अवधियाँ टैप करके देखें' },
      zh: { title: '从 1 天到 1 年的图表', subtitle: '折线或K线——轻点切换区间' },
    },
  },
  {
    tone: 'accent',
    link: '/search',
    text: {
      de: { title: 'Finde jede Aktie in Sekunden', subtitle: 'Suche nach Symbol oder Name' },
      en: { title: 'Find any stock in seconds', subtitle: 'Search by symbol or name' },
      hi: { title: 'कोई भी शेयर सेकंडों में खोजें', subtitle: 'सिंबल या नाम से खोजें' },
      zh: { title: '几秒钟找到任意股票', subtitle: '按代码或名称搜索' },
    },
  },
];

const MARKER = 'demo.contentSeeded';
const seeded = new WeakMap<object, Promise<void>>();

/** Seeds the demo content once per database (demo mode only); later calls share the work. */
export function ensureDemoContent(deps: Deps): Promise<void> {
  if (deps.config.mode !== 'demo') return Promise.resolve();
  let promise = seeded.get(deps.db);
  if (!promise) {
    promise = seed(deps).catch((error: unknown) => {
      seeded.delete(deps.db);
      throw error;
    });
    seeded.set(deps.db, promise);
  }
  return promise;
}

async function seed(deps: Deps): Promise<void> {
  const db = deps.db;
  const now = deps.clock.now();
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('site_content')
      .values({ key: MARKER, value_json: JSON.stringify({ at: now }), updated_at: now, updated_by: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return; // seeded before (or by another process)
    // Ids in the order the rows are listed: lists break ties (same time, same sort order) by id,
    // and ids made within one millisecond are random among themselves — sorted, the demo's
    // translations list in the same order on every start (QA screenshots compare them).
    const ids = Array.from({ length: ARTICLES.length * 4 + SLIDES.length * 4 }, newId).sort();
    const nextId = () => ids.shift() ?? newId();
    const news = ARTICLES.flatMap((article) =>
      (Object.entries(article.text) as Array<[Locale, Article['text'][Locale]]>).map(([lang, text]) => ({
        id: nextId(),
        lang,
        title: text.title,
        summary: text.summary,
        body_html: text.body,
        image_url: null,
        source: 'Nivesh Demo',
        symbols: article.symbols.join(','),
        status: 'published' as const,
        demo: 1,
        published_at: now - article.hoursAgo * 3_600_000,
        created_at: now,
        updated_at: now,
        updated_by: null,
      })),
    );
    await tx.insertInto('news').values(news).execute();
    const banners = SLIDES.flatMap((slide, order) =>
      (Object.entries(slide.text) as Array<[Locale, Slide['text'][Locale]]>).map(([lang, text]) => ({
        id: nextId(),
        lang,
        title: text.title,
        subtitle: text.subtitle,
        image_url: null,
        link: slide.link,
        tone: slide.tone,
        sort_order: order,
        active: 1,
        demo: 1,
        created_at: now,
        updated_at: now,
        updated_by: null,
      })),
    );
    await tx.insertInto('banners').values(banners).execute();
  });
}
