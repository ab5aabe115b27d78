/**
 * Every route of the spec (SPEC.md §2) and how the shell shows it: which screen renders it,
 * whether it is a tab, whether visitors may open it, and where its back arrow goes.
 * A route whose screen later releases deliver shows the "not available yet" state.
 */

/** One client route. */
export interface RouteDef {
  path: string;
  /** Screen id served by `GET /api/ui/screens/:id`. */
  screen: string;
  /** Title message id used until (or unless) the layout brings its own. */
  title: string;
  tab?: boolean;
  /** Reachable without a token (SPEC.md §2 route guard). */
  public?: boolean;
  /** Back target (SPEC.md §2 back behaviour); otherwise one step back. */
  back?: string;
}

/** The five tabs in order, with their header icons (SPEC.md §2). */
export const TABS = [
  { path: '/home', icon: 'home', label: 'tabs.home', header: ['profile', 'search'] },
  { path: '/market', icon: 'market', label: 'tabs.market', header: ['search'] },
  { path: '/position', icon: 'position', label: 'tabs.position', header: [] },
  { path: '/userMarket', icon: 'star', label: 'tabs.userMarket', header: [] },
  { path: '/my', icon: 'user', label: 'tabs.my', header: [] },
] as const;

const PUBLIC = new Set(['/login', '/register', '/test', '/test1', '/test2', '/ChangePassword', '/page']);

const BACK: Record<string, string> = {
  '/adminIdentity': '/admin',
  '/adminDeposit': '/admin',
  '/adminWithdrawal': '/admin',
  '/adminNews': '/admin',
  '/adminBanners': '/admin',
  '/adminCompany': '/admin',
  '/adminBeneficiary': '/admin',
  '/adminNewsEdit': '/adminNews',
  '/adminBannerEdit': '/adminBanners',
  '/adminIpo': '/admin',
  '/adminIpoEdit': '/adminIpo',
  '/ipoDetails': '/ipo',
  '/ipoList': '/ipo',
  '/etfDetails': '/etf',
  '/withdrawDetail': '/withdraw',
  '/rechargeRecordDatails': '/rechargeRecord',
  '/bindBank': '/my',
  // Offerings (issue 10)
  '/blockTradingBuy': '/blockTrading',
  '/gatherJoin': '/gather',
  '/aiBlockTradingBuy': '/aiBlockTrading',
  '/blockTradingController': '/admin',
  '/gatherController': '/admin',
  '/gatherControllerRecord': '/gatherController',
  '/payBalance': '/my',
};

const STACK = [
  'login', 'page', 'register', 'newsDetails', 'search', 'marketDetails', 'vip', 'buy', 'gather', 'gatherRecord',
  'gatherController', 'gatherControllerRecord', 'realName', 'payBalance', 'pay', 'rechargeRecord', 'rechargeRecordDatails',
  'withdraw', 'bindBank', 'widthdrawRecord', 'withdrawDetail', 'ChangePassword', 'bill', 'blockTrading', 'corporationSelect',
  'language', 'ipo', 'ipoDetails', 'ipoList', 'aiBlockTrading', 'aiBlockTradingRecordList', 'blockTradingRecordList',
  'test', 'test1', 'test2', 'test3',
  // Offerings (issue 10): purchase screens and the block-trading operator desk.
  'blockTradingBuy', 'gatherJoin', 'aiBlockTradingBuy', 'blockTradingController',
  // Back office (operators; the server refuses investor tokens on admin calls).
  'admin', 'adminIdentity', 'adminDeposit', 'adminWithdrawal', 'adminNews', 'adminBanners', 'adminCompany', 'adminNewsEdit', 'adminBannerEdit',
  'adminBeneficiary', 'adminIpo', 'adminIpoEdit',
  // ETFs (issue 9; not a spec route name, reached from /home and /market).
  'etf', 'etfDetails',
];

function titleFor(screen: string): string {
  if (/^test\d?$/.test(screen)) return 'route.test';
  if (screen === 'ChangePassword') return 'changePassword.title';
  if (screen === 'login') return 'login.submit';
  if (screen === 'register') return 'register.title';
  if (screen === 'page') return 'app.name';
  if (screen === 'language') return 'language.title';
  if (screen === 'admin') return 'admin.title';
  if (screen === 'adminIdentity') return 'admin.identityTitle';
  if (screen === 'adminDeposit') return 'admin.depositTitle';
  if (screen === 'adminWithdrawal') return 'admin.withdrawalTitle';
  if (screen === 'adminNews') return 'admin.newsTitle';
  if (screen === 'adminBanners') return 'admin.bannersTitle';
  if (screen === 'adminCompany') return 'admin.companyTitle';
  if (screen === 'adminBeneficiary') return 'admin.beneficiaryTitle';
  if (screen === 'adminNewsEdit') return 'admin.newsEdit';
  if (screen === 'adminBannerEdit') return 'admin.bannerEdit';
  if (screen === 'adminIpo') return 'admin.ipoTitle';
  if (screen === 'adminIpoEdit') return 'admin.ipoEdit';
  return `route.${screen}`;
}

/** Every route of the app. */
export const ROUTES: RouteDef[] = [
  ...TABS.map((tab) => ({ path: tab.path, screen: tab.path.slice(1), title: tab.label, tab: true })),
  ...STACK.map((screen) => {
    const path = `/${screen}`;
    return { path, screen, title: titleFor(screen), public: PUBLIC.has(path), back: BACK[path] };
  }),
];

/** Whether a visitor (no token) may open a path; everything else redirects to /page. */
export const isPublicPath = (path: string): boolean => PUBLIC.has(path);
