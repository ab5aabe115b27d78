/** The language popup (docs/product.md, Routes): English and German; choosing stores and reloads. */
import { useIntl } from 'react-intl';
import { Sheet } from '../../../renderers/ui/Sheet';
import { LanguageList } from '../../../renderers/blocks/language/LanguageBlock';
import { getLanguage, setLanguage } from '../storage';

export function LanguagePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Sheet open={open} title={intl.formatMessage({ id: 'language.popupTitle' })} onClose={onClose} testId="language-popup">
      <LanguageList
        options={['EN', 'DE']}
        current={getLanguage()}
        onChoose={(code) => {
          setLanguage(code);
          window.location.reload();
        }}
      />
    </Sheet>
  );
}
