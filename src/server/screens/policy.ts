/**
 * What each screen may do, declared in code (editors cannot change it): its audience and the
 * commands its taps may run. The layout lint (effects-lint.ts) holds every layout to this
 * policy; the studio refuses layout and schema changes of back-office screens.
 *
 * - `public`: reachable without a session (login, register, the landing page, public gallery frames).
 * - `investor`: the investor's app.
 * - `operator`: the back office; editors change only its texts.
 * - `editor`: staff-only frames (the gallery of back-office blocks).
 *
 * An investor or public screen names no operator or editor call.
 */
import type { Access } from '../../shared/calls.js';

/** Who a screen is for. */
export type Audience = 'public' | 'investor' | 'operator' | 'editor';

/** One screen's policy. */
export interface ScreenPolicy {
  audience: Audience;
  /**
   * The commands a tap on this screen may run (form submits, buttons, item actions, `call`
   * actions). Anything else a layout names in a tap position is refused.
   */
  commands: readonly string[];
}

const operator = (commands: string[] = []): ScreenPolicy => ({ audience: 'operator', commands });
const investor = (commands: string[] = []): ScreenPolicy => ({ audience: 'investor', commands });
const publicScreen = (commands: string[] = []): ScreenPolicy => ({ audience: 'public', commands });

/** Every shipped screen's policy, by screen id. */
export const SCREEN_POLICIES: Readonly<Record<string, ScreenPolicy>> = {
  // Public: no session needed.
  ChangePassword: publicScreen(['user/changePassword']),
  login: publicScreen(['user/login']),
  page: publicScreen(),
  register: publicScreen(['user/register']),
  test: publicScreen(['collect/add', 'collect/del']),
  test1: publicScreen(['user/changePassword']),
  test2: publicScreen(),
  // Staff-only gallery frame of back-office blocks.
  test3: { audience: 'editor', commands: ['admin/recharge/approve', 'admin/recharge/reject', 'admin/company/save'] },
  // The back office.
  admin: operator(),
  adminBannerEdit: operator(['admin/banners/save']),
  adminBanners: operator(['admin/banners/delete', 'admin/banners/save']),
  adminBeneficiary: operator(['admin/beneficiary/save', 'admin/beneficiary/approve', 'admin/beneficiary/reject']),
  // Staff (operators and editors) enrol their second factor here; not the studio's to reshape.
  staffTotp: operator(['staff/totp/start', 'staff/totp/confirm']),
  adminCompany: operator(['admin/company/save']),
  adminDeposit: operator(['admin/recharge/approve', 'admin/recharge/reject']),
  adminForms: operator(),
  adminFormSubmissions: operator(),
  adminIdentity: operator(['admin/authentication/approve', 'admin/authentication/reject', 'admin/authentication/reveal']),
  adminIpo: operator(['admin/ipo/allot', 'admin/ipo/cancel', 'admin/ipo/save']),
  adminIpoEdit: operator(['admin/ipo/save']),
  adminNews: operator(['admin/news/delete', 'admin/news/save']),
  adminNewsEdit: operator(['admin/news/save']),
  adminWithdrawal: operator(['admin/withdrawal/pay', 'admin/withdrawal/reject']),
  blockTradingController: operator(['admin/blockTrading/save', 'admin/blockTrading/close']),
  gatherController: operator(['admin/gather/save']),
  gatherControllerRecord: operator(),
  // The investor's app.
  aiBlockTrading: investor(),
  aiBlockTradingBuy: investor(['aiRecommend/buy']),
  aiBlockTradingRecordList: investor(),
  bill: investor(),
  bindBank: investor(['bank/deleteBank', 'bank/addBank']),
  blockTrading: investor(),
  blockTradingBuy: investor(['blockTrading/purchase']),
  blockTradingRecordList: investor(),
  // `etf/buy`: a version of /buy published in the studio may carry the ETF order, which /etfBuy owns.
  buy: investor(['order/purchase', 'etf/buy']),
  corporationSelect: investor(),
  drawer: investor(),
  etf: investor(),
  etfBuy: investor(['etf/buy']),
  etfDetails: investor(),
  gather: investor(),
  gatherJoin: investor(['gather/purchase']),
  gatherRecord: investor(['gather/cancel']),
  home: investor(),
  ipo: investor(),
  ipoDetails: investor(['ipo/purchase', 'ipo/mandate/approve', 'ipo/mandate/reject']),
  ipoList: investor(),
  language: investor(),
  market: investor(),
  marketDetails: investor(['collect/add', 'collect/del', 'order/acknowledgeRisk', 'order/purchase', 'order/sell']),
  my: investor(),
  orderDetail: investor(['order/cancel', 'order/modify']),
  orders: investor(['order/cancel']),
  newsDetails: investor(),
  pay: investor(['pay/recharge']),
  payBalance: investor(['pay/recharge']),
  position: investor(),
  realName: investor(['authentication/save', 'authentication/update']),
  statements: investor(),
  rechargeRecord: investor(),
  rechargeRecordDatails: investor(),
  search: investor(),
  userMarket: investor(),
  vip: investor(),
  widthdrawRecord: investor(),
  withdraw: investor(['withdrawal']),
  withdrawDetail: investor(),
};

/**
 * The data schema a screen edits in the studio when its form's schema has another name than
 * the screen (a screen's same-named schema, `screens/<id>.schema.json`, is always its own).
 * Each schema has one such screen: a form shown on several screens (the deposit form on `pay`
 * and `payBalance`, the share order on `buy` and `marketDetails`) is edited on the screen named
 * here, and its rules hold wherever it is shown.
 */
export const FORM_SCHEMAS: Readonly<Record<string, string>> = {
  withdraw: 'withdrawal',
  pay: 'recharge',
  buy: 'stockBuy',
  etfBuy: 'etfBuyForm',
  ipoDetails: 'ipoApply',
};

/**
 * What a screen code does not list (a layout file added under `SCHEMAS_DIR` without code) may
 * do: the least — an investor screen whose taps run no command.
 */
export const UNLISTED_POLICY: ScreenPolicy = { audience: 'investor', commands: [] };

/** The one command a screen made in the studio may run: its data-capture forms submit to it. */
export const FORMS_SUBMIT = 'forms/submit';

/** Screens made in the studio (`studio/screens/create`), by id, with the audience their creator chose. */
let createdAudiences = new Map<string, Audience>();

/**
 * Declares the screens made in the studio (run whenever they are loaded from the database):
 * each gets its creator's audience (`public` or `investor`) and may run only {@link FORMS_SUBMIT}.
 */
export function setCreatedScreens(audiences: ReadonlyMap<string, Audience>): void {
  createdAudiences = new Map(audiences);
}

/** Whether `id` is a screen made in the studio (not shipped with the code). */
export const isCreatedScreen = (id: string): boolean => !Object.hasOwn(SCREEN_POLICIES, id) && createdAudiences.has(id);

/**
 * A screen's policy: a shipped screen's from {@link SCREEN_POLICIES}, a studio-made screen's
 * audience with {@link FORMS_SUBMIT} as its only command, {@link UNLISTED_POLICY} otherwise.
 */
export const screenPolicy = (id: string): ScreenPolicy => {
  if (Object.hasOwn(SCREEN_POLICIES, id)) return SCREEN_POLICIES[id]!;
  const created = createdAudiences.get(id);
  return created ? { audience: created, commands: [FORMS_SUBMIT] } : UNLISTED_POLICY;
};

/** Whether a screen of `audience` may name a call of `access` (investor and public screens name no staff call). */
export function audienceMayName(audience: Audience, access: Access): boolean {
  if (audience === 'public' || audience === 'investor') return access !== 'operator' && access !== 'editor';
  return true;
}
