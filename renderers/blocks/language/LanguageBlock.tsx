import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Check } from 'lucide-react';
import type { BlockProps } from '../../types';
import { useHost } from '../../host';
import type { LanguageBlockSpec } from './spec';
import { loadCjkFaces } from '../../app/cjk-font';

type Code = 'DE' | 'EN' | 'HI' | 'ZH';

/** The language list: stores the choice and reloads (docs/product.md, Routes). */
export function LanguageBlock({ spec }: BlockProps<LanguageBlockSpec>) {
  const host = useHost();
  const current = host.language();
  return <LanguageList options={spec.options} current={current} onChoose={(code) => host.setLanguage(code)} />;
}

/** Shared by the block and the language popup. */
export function LanguageList({ options, current, onChoose }: { options: Code[]; current: Code; onChoose: (code: Code) => void }) {
  // Each language is named in itself: "中文" is drawn in Noto Sans SC, whose faces load on demand.
  useEffect(() => {
    if (options.includes('ZH')) void loadCjkFaces();
  }, [options]);
  return (
    <ul className="menu card" role="radiogroup">
      {options.map((code) => (
        <li key={code} role="none">
          <button type="button" role="radio" aria-checked={code === current} className="menu-row" onClick={() => onChoose(code)}>
            <span className="menu-label"><FormattedMessage id={`language.${code}`} /></span>
            {code === current && <Check size={18} className="menu-check" aria-hidden="true" />}
          </button>
        </li>
      ))}
    </ul>
  );
}
