/**
 * The error catalogue (docs/product.md, Error codes): every non-200 `code` an `/api` call can answer with, its
 * HTTP status class and the message id looked up in `locales/*.json` (ICU syntax, values
 * passed by the thrower). Code 501 is "not logged in or session invalid" (the client's
 * reload flow keys on it).
 */
export const ERRORS = {
  notLoggedIn: { code: 501, status: 401, message: 'error.notLoggedIn' },
  validation: { code: 1000, status: 400, message: 'error.validation' },
  unknownField: { code: 1001, status: 400, message: 'error.unknownField' },
  badRequest: { code: 1002, status: 400, message: 'error.badRequest' },
  /** A request body over the server's body limit (1 MB), refused before any call reads it. */
  bodyTooLarge: { code: 1003, status: 413, message: 'error.bodyTooLarge' },
  invalidCredentials: { code: 1010, status: 401, message: 'error.invalidCredentials' },
  emailTaken: { code: 1011, status: 409, message: 'error.emailTaken' },
  captchaInvalid: { code: 1020, status: 400, message: 'error.captchaInvalid' },
  captchaExpired: { code: 1021, status: 400, message: 'error.captchaExpired' },
  captchaAttempts: { code: 1022, status: 400, message: 'error.captchaAttempts' },
  captchaCooldown: { code: 1023, status: 429, message: 'error.captchaCooldown' },
  rateLimited: { code: 1029, status: 429, message: 'error.rateLimited' },
  bankNotFound: { code: 1030, status: 404, message: 'error.bankNotFound' },
  bankDuplicate: { code: 1031, status: 409, message: 'error.bankDuplicate' },
  bankLimit: { code: 1032, status: 409, message: 'error.bankLimit' },
  forbidden: { code: 1040, status: 403, message: 'error.forbidden' },
  notFound: { code: 1044, status: 404, message: 'error.notFound' },
  screenNotFound: { code: 1045, status: 404, message: 'error.screenNotFound' },
  screenInvalid: { code: 1046, status: 500, message: 'error.screenInvalid' },
  mailFailed: { code: 1050, status: 500, message: 'error.mailFailed' },
  internal: { code: 1099, status: 500, message: 'error.internal' },
  // Uploads and identity (1100–1199)
  uploadMissing: { code: 1100, status: 400, message: 'error.uploadMissing' },
  uploadTooLarge: { code: 1101, status: 400, message: 'error.uploadTooLarge' },
  uploadType: { code: 1102, status: 400, message: 'error.uploadType' },
  uploadUnreadable: { code: 1103, status: 400, message: 'error.uploadUnreadable' },
  uploadNotFound: { code: 1104, status: 404, message: 'error.uploadNotFound' },
  identityExists: { code: 1110, status: 409, message: 'error.identityExists' },
  identityPending: { code: 1111, status: 409, message: 'error.identityPending' },
  identityApproved: { code: 1112, status: 409, message: 'error.identityApproved' },
  identityNone: { code: 1113, status: 409, message: 'error.identityNone' },
  identityNotFound: { code: 1114, status: 404, message: 'error.identityNotFound' },
  identityNotPending: { code: 1115, status: 409, message: 'error.identityNotPending' },
  identityNumberInvalid: { code: 1116, status: 400, message: 'error.identityNumberInvalid' },
  // Money: ledger, deposits, withdrawals, idempotency (1200–1299)
  outsideWindow: { code: 1200, status: 400, message: 'error.outsideWindow' },
  idempotencyMismatch: { code: 1201, status: 409, message: 'error.idempotencyMismatch' },
  idempotencyKeyInvalid: { code: 1202, status: 400, message: 'error.idempotencyKeyInvalid' },
  amountInvalid: { code: 1203, status: 400, message: 'error.amountInvalid' },
  depositBelowMinimum: { code: 1204, status: 400, message: 'error.depositBelowMinimum' },
  utrInvalid: { code: 1205, status: 400, message: 'error.utrInvalid' },
  utrDuplicate: { code: 1206, status: 409, message: 'error.utrDuplicate' },
  screenshotInvalid: { code: 1207, status: 400, message: 'error.screenshotInvalid' },
  depositNotFound: { code: 1208, status: 404, message: 'error.depositNotFound' },
  depositNotPending: { code: 1209, status: 409, message: 'error.depositNotPending' },
  insufficientBalance: { code: 1210, status: 409, message: 'error.insufficientBalance' },
  withdrawalBelowMinimum: { code: 1211, status: 400, message: 'error.withdrawalBelowMinimum' },
  identityRequired: { code: 1212, status: 403, message: 'error.identityRequired' },
  withdrawalNotFound: { code: 1213, status: 404, message: 'error.withdrawalNotFound' },
  withdrawalNotPending: { code: 1214, status: 409, message: 'error.withdrawalNotPending' },
  holdResolved: { code: 1215, status: 409, message: 'error.holdResolved' },
  amountBelowMinimum: { code: 1216, status: 400, message: 'error.amountBelowMinimum' },
  amountAboveMaximum: { code: 1217, status: 400, message: 'error.amountAboveMaximum' },
  // Markets and content (1300–1399)
  unknownSymbol: { code: 1300, status: 404, message: 'error.unknownSymbol' },
  unknownRanking: { code: 1301, status: 400, message: 'error.unknownRanking' },
  unknownRange: { code: 1302, status: 400, message: 'error.unknownRange' },
  tooManySymbols: { code: 1303, status: 400, message: 'error.tooManySymbols' },
  marketUnavailable: { code: 1304, status: 500, message: 'error.marketUnavailable' },
  newsNotFound: { code: 1310, status: 404, message: 'error.newsNotFound' },
  bannerNotFound: { code: 1311, status: 404, message: 'error.bannerNotFound' },
  unsafeLink: { code: 1312, status: 400, message: 'error.unsafeLink' },
  unknownConfigKey: { code: 1313, status: 400, message: 'error.unknownConfigKey' },
  // Trading: up/down contracts, stock orders (1400–1499). Insufficient balance is
  // 1210 and an unknown symbol 1300.
  updownDisabled: { code: 1400, status: 403, message: 'error.updownDisabled' },
  riskNotAcknowledged: { code: 1401, status: 403, message: 'error.riskNotAcknowledged' },
  durationNotOffered: { code: 1402, status: 400, message: 'error.durationNotOffered' },
  amountOutOfBounds: { code: 1403, status: 400, message: 'error.amountOutOfBounds' },
  marketClosed: { code: 1404, status: 409, message: 'error.marketClosed' },
  contractNotFound: { code: 1405, status: 404, message: 'error.contractNotFound' },
  quantityInvalid: { code: 1406, status: 400, message: 'error.quantityInvalid' },
  positionInsufficient: { code: 1407, status: 409, message: 'error.positionInsufficient' },
  symbolNotTradable: { code: 1408, status: 400, message: 'error.symbolNotTradable' },
  // Documents: contract notes and the capital-gains statement (1480–1489).
  contractNoteUnavailable: { code: 1480, status: 403, message: 'error.contractNoteUnavailable' },
  financialYearInvalid: { code: 1481, status: 400, message: 'error.financialYearInvalid' },
  documentFormatInvalid: { code: 1482, status: 400, message: 'error.documentFormatInvalid' },
  // Resting orders (limit and stop)
  orderPriceOutsideBand: { code: 1410, status: 400, message: 'error.orderPriceOutsideBand' },
  orderTriggerWrongSide: { code: 1411, status: 400, message: 'error.orderTriggerWrongSide' },
  orderNotFound: { code: 1412, status: 404, message: 'error.orderNotFound' },
  orderClosed: { code: 1413, status: 409, message: 'error.orderClosed' },
  orderPriceRequired: { code: 1414, status: 400, message: 'error.orderPriceRequired' },
  orderPriceInvalid: { code: 1415, status: 400, message: 'error.orderPriceInvalid' },
  orderNothingToModify: { code: 1416, status: 400, message: 'error.orderNothingToModify' },
  quantityBelowMinimum: { code: 1417, status: 400, message: 'error.quantityBelowMinimum' },
  quantityAboveMaximum: { code: 1418, status: 400, message: 'error.quantityAboveMaximum' },
  // Hardening (1600–1649)
  outboxEmailRequired: { code: 1600, status: 400, message: 'error.outboxEmailRequired' },
  outboxLoopbackOnly: { code: 1601, status: 403, message: 'error.outboxLoopbackOnly' },
  outboxPrivileged: { code: 1602, status: 403, message: 'error.outboxPrivileged' },
  ownItem: { code: 1603, status: 403, message: 'error.ownItem' },
  secondApproverRequired: { code: 1604, status: 409, message: 'error.secondApproverRequired' },
  loginThrottled: { code: 1605, status: 429, message: 'error.loginThrottled' },
  uploadTooManyPixels: { code: 1606, status: 400, message: 'error.uploadTooManyPixels' },
  uploadRateLimited: { code: 1607, status: 429, message: 'error.uploadRateLimited' },
  streamLimit: { code: 1608, status: 429, message: 'error.streamLimit' },
  beneficiaryUnset: { code: 1609, status: 409, message: 'error.beneficiaryUnset' },
  // Staff safety (1650–1669): the beneficiary under four eyes, the staff second factor
  beneficiaryChangePending: { code: 1650, status: 409, message: 'error.beneficiaryChangePending' },
  beneficiaryChangeNotFound: { code: 1651, status: 404, message: 'error.beneficiaryChangeNotFound' },
  beneficiaryChangeNotPending: { code: 1652, status: 409, message: 'error.beneficiaryChangeNotPending' },
  beneficiaryChanged: { code: 1653, status: 409, message: 'error.beneficiaryChanged' },
  secondFactorRequired: { code: 1654, status: 403, message: 'error.secondFactorRequired' },
  secondFactorInvalid: { code: 1655, status: 403, message: 'error.secondFactorInvalid' },
  secondFactorEnrolmentRequired: { code: 1656, status: 403, message: 'error.secondFactorEnrolmentRequired' },
  secondFactorActive: { code: 1657, status: 409, message: 'error.secondFactorActive' },
  secondFactorNotStarted: { code: 1658, status: 409, message: 'error.secondFactorNotStarted' },
  secondFactorStaffOnly: { code: 1659, status: 403, message: 'error.secondFactorStaffOnly' },
  staffNotFound: { code: 1660, status: 404, message: 'error.staffNotFound' },
  // IPOs and ETFs (1700–1749).
  ipoNotFound: { code: 1700, status: 404, message: 'error.ipoNotFound' },
  ipoNotOpen: { code: 1701, status: 409, message: 'error.ipoNotOpen' },
  ipoLotsInvalid: { code: 1702, status: 400, message: 'error.ipoLotsInvalid' },
  ipoAlreadyApplied: { code: 1703, status: 409, message: 'error.ipoAlreadyApplied' },
  ipoNotEditable: { code: 1704, status: 409, message: 'error.ipoNotEditable' },
  ipoTimesInvalid: { code: 1705, status: 400, message: 'error.ipoTimesInvalid' },
  ipoSharesInvalid: { code: 1706, status: 400, message: 'error.ipoSharesInvalid' },
  ipoNotClosed: { code: 1707, status: 409, message: 'error.ipoNotClosed' },
  ipoAllotted: { code: 1708, status: 409, message: 'error.ipoAllotted' },
  ipoCancelled: { code: 1709, status: 409, message: 'error.ipoCancelled' },
  ipoSymbolTaken: { code: 1710, status: 409, message: 'error.ipoSymbolTaken' },
  ipoPriceInvalid: { code: 1711, status: 400, message: 'error.ipoPriceInvalid' },
  ipoTooLarge: { code: 1712, status: 400, message: 'error.ipoTooLarge' },
  ipoIdentityRequired: { code: 1713, status: 403, message: 'error.ipoIdentityRequired' },
  // IPO bids and the UPI mandate.
  ipoBidOutOfBand: { code: 1720, status: 400, message: 'error.ipoBidOutOfBand' },
  ipoCutOffRetailOnly: { code: 1721, status: 400, message: 'error.ipoCutOffRetailOnly' },
  ipoBidConflict: { code: 1722, status: 400, message: 'error.ipoBidConflict' },
  ipoApplicationNotFound: { code: 1723, status: 404, message: 'error.ipoApplicationNotFound' },
  ipoMandateDecided: { code: 1724, status: 409, message: 'error.ipoMandateDecided' },
  ipoMandateLapsed: { code: 1725, status: 409, message: 'error.ipoMandateLapsed' },
  ipoPriceBandInvalid: { code: 1726, status: 400, message: 'error.ipoPriceBandInvalid' },
  // Block trading, gather plans, AI baskets (1750–1799).
  blockOfferNotFound: { code: 1750, status: 404, message: 'error.blockOfferNotFound' },
  blockPriceOutOfBand: { code: 1751, status: 400, message: 'error.blockPriceOutOfBand' },
  blockNotOpen: { code: 1752, status: 409, message: 'error.blockNotOpen' },
  blockClosed: { code: 1753, status: 409, message: 'error.blockClosed' },
  blockBelowMinimum: { code: 1754, status: 400, message: 'error.blockBelowMinimum' },
  blockSoldOut: { code: 1755, status: 409, message: 'error.blockSoldOut' },
  blockPriceStale: { code: 1756, status: 409, message: 'error.blockPriceStale' },
  positionLocked: { code: 1757, status: 409, message: 'error.positionLocked' },
  offerWindowInvalid: { code: 1758, status: 400, message: 'error.offerWindowInvalid' },
  offerQuantityInvalid: { code: 1759, status: 400, message: 'error.offerQuantityInvalid' },
  gatherPlanNotFound: { code: 1760, status: 404, message: 'error.gatherPlanNotFound' },
  gatherNotOpen: { code: 1761, status: 409, message: 'error.gatherNotOpen' },
  gatherBelowMinimum: { code: 1762, status: 400, message: 'error.gatherBelowMinimum' },
  gatherParticipationNotFound: { code: 1763, status: 404, message: 'error.gatherParticipationNotFound' },
  gatherNotRunning: { code: 1764, status: 409, message: 'error.gatherNotRunning' },
  gatherTranchesInvalid: { code: 1765, status: 400, message: 'error.gatherTranchesInvalid' },
  gatherIntervalInvalid: { code: 1766, status: 400, message: 'error.gatherIntervalInvalid' },
  gatherIntervalTooLong: { code: 1767, status: 400, message: 'error.gatherIntervalTooLong' },
  offerDateInvalid: { code: 1768, status: 400, message: 'error.offerDateInvalid' },
  offerWindowEnded: { code: 1769, status: 400, message: 'error.offerWindowEnded' },
  basketNotFound: { code: 1770, status: 404, message: 'error.basketNotFound' },
  basketBelowMinimum: { code: 1771, status: 400, message: 'error.basketBelowMinimum' },
  basketAmountTooSmall: { code: 1772, status: 400, message: 'error.basketAmountTooSmall' },
  // The studio (1800–1849)
  studioScreenUnknown: { code: 1800, status: 400, message: 'error.studioScreenUnknown' },
  studioInvalid: { code: 1801, status: 409, message: 'error.studioInvalid' },
  studioVersionUnknown: { code: 1802, status: 400, message: 'error.studioVersionUnknown' },
  studioSchemaNotEditable: { code: 1803, status: 400, message: 'error.studioSchemaNotEditable' },
  studioMessageInvalid: { code: 1804, status: 400, message: 'error.studioMessageInvalid' },
  studioBusy: { code: 1805, status: 409, message: 'error.studioBusy' },
  studioOff: { code: 1806, status: 403, message: 'error.studioOff' },
  /** A command sent with `X-Nivesh-Intent: load` (a screen's load, prefetch, poll or reload): refused, nothing changes. */
  commandOnLoad: { code: 1810, status: 403, message: 'error.commandOnLoad' },
  studioConflict: { code: 1811, status: 409, message: 'error.studioConflict' },
  studioChangeUnknown: { code: 1812, status: 400, message: 'error.studioChangeUnknown' },
  studioChangeNotPending: { code: 1813, status: 409, message: 'error.studioChangeNotPending' },
  studioAlreadyApproved: { code: 1814, status: 409, message: 'error.studioAlreadyApproved' },
  studioTextEmpty: { code: 1815, status: 400, message: 'error.studioTextEmpty' },
  studioTextPlaceholders: { code: 1816, status: 400, message: 'error.studioTextPlaceholders' },
  studioTextTemplate: { code: 1817, status: 400, message: 'error.studioTextTemplate' },
  studioTextNoDefault: { code: 1818, status: 400, message: 'error.studioTextNoDefault' },
  /** A back-office screen (audience `operator`): editors change its texts only, never its layout or schema. */
  studioBackOffice: { code: 1819, status: 403, message: 'error.studioBackOffice' },
  // Screens made in the studio and their data-capture forms
  studioScreenExists: { code: 1830, status: 409, message: 'error.studioScreenExists' },
  formUnknown: { code: 1831, status: 400, message: 'error.formUnknown' },
  formTooLarge: { code: 1832, status: 413, message: 'error.formTooLarge' },
  formRateLimited: { code: 1833, status: 429, message: 'error.formRateLimited' },
  studioScreenInUse: { code: 1834, status: 409, message: 'error.studioScreenInUse' },
  studioNotCreated: { code: 1835, status: 400, message: 'error.studioNotCreated' },
  /** `studio/texts/usage` of an id no language has and no screen uses. */
  studioTextUnknown: { code: 1836, status: 400, message: 'error.studioTextUnknown' },
  // Scale-out and operations (1870–1889)
  metricsForbidden: { code: 1870, status: 403, message: 'error.metricsForbidden' },
  screenPublishInvalid: { code: 1871, status: 409, message: 'error.screenPublishInvalid' },
} as const;

export type ErrorName = keyof typeof ERRORS;

/** Success code of every envelope. */
export const OK_CODE = 200;
/** Not logged in / session invalid (docs/product.md, Error codes). */
export const NOT_LOGGED_IN_CODE = ERRORS.notLoggedIn.code;

/** HTTP status of each catalogue code (the codes are unique). */
const STATUS_OF_CODE: ReadonlyMap<number, number> = new Map(Object.values(ERRORS).map((entry) => [entry.code, entry.status]));

/**
 * Whether an envelope code is a refusal that asking again cannot change: a catalogue code with a
 * 4xx status (a record that is not there or not the caller's, a rule, a state), except 401 (the
 * login flow handles it) and 429 (too many requests, which passes). Network failures (code 0),
 * bare HTTP statuses and 5xx codes are not refusals: a retry may succeed.
 */
export function isRefusalCode(code: number): boolean {
  const status = STATUS_OF_CODE.get(code);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429;
}

/** Whether a failed call (an error carrying the envelope's `code`) is a refusal ({@link isRefusalCode}). */
export function isRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'number' && isRefusalCode(code);
}

/** The `{code, message, data}` envelope every `/api` response carries. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
