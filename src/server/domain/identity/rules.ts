/**
 * ID document rules: Aadhaar is 12 digits, not starting with 0 or 1, with a
 * Verhoeff check digit; PAN is `^[A-Z]{5}[0-9]{4}[A-Z]$`. The screen schema declares the same
 * patterns; this server-side rule holds even if a schema is edited.
 */
import { verhoeffValid } from '../../../shared/verhoeff.js';

export type IdType = 'aadhaar' | 'pan';

/** Whether an ID number is well-formed for its type (check digit included). */
export function idNumberValid(idType: IdType, idNumber: string): boolean {
  if (idType === 'aadhaar') return /^[2-9][0-9]{11}$/.test(idNumber) && verhoeffValid(idNumber);
  return /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(idNumber);
}

/**
 * The masked form shown everywhere: `XXXX XXXX 1234` (Aadhaar), `XXXXXX234F` (PAN).
 * @param last4 the number's last four characters.
 */
export function maskIdNumber(idType: IdType, last4: string): string {
  return idType === 'aadhaar' ? `XXXX XXXX ${last4}` : `XXXXXX${last4}`;
}
