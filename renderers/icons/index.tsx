/**
 * Icon names used by layouts (`definitions/icon` of the catalogue, fragment `icons.schema.json`
 * beside this file) mapped to lucide icons.
 */
import {
  ArrowDownToLine, ArrowUpFromLine, BadgeCheck, Briefcase, Building2, Check, ChevronRight, CircleUserRound, Clock,
  FileDown, FileSpreadsheet, FileText, Globe, History, House, Info, KeyRound, Landmark, Languages, LineChart, LogOut, Mail, Plus, Search,
  ShieldCheck, Star, Trash2, TrendingUp, Wallet, Zap, type LucideIcon,
} from 'lucide-react';
import { useOptionalRenderer } from '../registry-context';

export const ICONS: Record<string, LucideIcon> = {
  search: Search,
  user: CircleUserRound,
  home: House,
  market: LineChart,
  position: Briefcase,
  star: Star,
  wallet: Wallet,
  bank: Landmark,
  identity: BadgeCheck,
  bill: FileText,
  records: History,
  deposit: ArrowDownToLine,
  withdraw: ArrowUpFromLine,
  institution: Building2,
  language: Languages,
  company: Info,
  password: KeyRound,
  logout: LogOut,
  trash: Trash2,
  plus: Plus,
  mail: Mail,
  trending: TrendingUp,
  shield: ShieldCheck,
  zap: Zap,
  globe: Globe,
  chevron: ChevronRight,
  clock: Clock,
  check: Check,
  download: FileDown,
  spreadsheet: FileSpreadsheet,
};

/** Renders a named icon; unknown names render nothing. */
export function Icon({ name, size = 20, className }: { name?: string; size?: number; className?: string }) {
  const icons = useOptionalRenderer()?.icons ?? ICONS;
  const Component = name ? icons[name] : undefined;
  return Component ? <Component size={size} strokeWidth={1.8} className={className} aria-hidden="true" /> : null;
}
