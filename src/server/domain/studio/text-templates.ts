/**
 * Texts that state a configured value — a fee, a minimum, a limit or a time window — and the
 * ICU arguments that carry it. The code that shows each text passes the configured value
 * (e.g. the withdrawal form's money widget passes the fee rate as `{fee}`), so a text can only
 * repeat what is charged or enforced. The studio refuses a text for these ids that drops one of
 * its arguments (`studioTextTemplate`, 1817).
 */
export const TEXT_TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  'withdraw.fee': ['fee'],
  'money.withdrawWindow': ['start', 'end', 'percent'],
  'money.depositWindow': ['start', 'end'],
  'payBalance.minimum': ['min', 'start', 'end'],
  'field.amountMinimum': ['amount'],
  'validation.amountMin': ['amount'],
  'validation.amountMax': ['amount'],
  'error.amountBelowMinimum': ['min'],
  'error.amountAboveMaximum': ['max'],
  'error.quantityBelowMinimum': ['min'],
  'error.quantityAboveMaximum': ['max'],
  'validation.quantityMin': ['limit'],
  'validation.unitsMin': ['limit'],
  'validation.unitsMax': ['limit'],
  'etf.unitsBounds': ['min', 'max'],
  'validation.lotsMin': ['limit'],
  'error.outsideWindow': ['start', 'end'],
  'error.depositBelowMinimum': ['min'],
  'error.withdrawalBelowMinimum': ['min'],
  'error.blockBelowMinimum': ['min'],
  'error.gatherBelowMinimum': ['min'],
  'error.basketBelowMinimum': ['min'],
  'error.secondApproverRequired': ['limit'],
  'trade.commission': ['percent'],
};
