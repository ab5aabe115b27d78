/**
 * A file field as rjsf stores it (`format: data-url`, or an array of them with
 * `ui:widget: files`): the value is a data URL with the file's name before `;base64`. Registered
 * under rjsf's `file`/`files`/`FileWidget` names, so a form written for @rjsf/core renders its
 * files in Nivesh's style. Photos of identity documents and receipts go through the photo
 * widget instead (uploaded, not embedded in the data).
 */
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { Paperclip, Trash2 } from 'lucide-react';
import { dataURItoBlob, type WidgetProps } from '@rjsf/utils';

/** `aria-describedby` of the picker: its error line or its help, as the field template renders them. */
const describedBy = (props: WidgetProps) => (props.rawErrors?.length ? `${props.id}__error` : `${props.id}__help`);

/** A file read as rjsf stores it: a data URL with the file's name before `;base64`. */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.onload = () => resolve(String(reader.result).replace(';base64', `;name=${encodeURIComponent(file.name)};base64`));
    reader.readAsDataURL(file);
  });
}

/** Name, type and size of a stored data URL (empty for a value that is none). */
function fileInfo(url: string): { name: string; type: string; size: number } {
  try {
    const { blob, name } = dataURItoBlob(url);
    return { name: name || '–', type: blob.type, size: blob.size };
  } catch {
    return { name: '–', type: '', size: 0 };
  }
}

/**
 * A file (`format: data-url`) or several (an array of them, `ui:widget: files`): the native
 * picker, and one row per chosen file with its name, type and size and a labelled remove button.
 * `ui:options.accept` limits the picker's file types.
 */
export function FileWidget(props: WidgetProps) {
  const { id, value, multiple, required, disabled, readonly, autofocus, options, rawErrors, onChange, onBlur, onFocus } = props;
  const intl = useIntl();
  const files: string[] = (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is string => typeof v === 'string');
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const urls = await Promise.all(Array.from(event.target.files ?? [], readDataUrl));
    if (urls.length) onChange(multiple ? [...files, ...urls] : urls[0]);
  };
  const remove = (i: number) => {
    const rest = files.filter((_, j) => j !== i);
    onChange(multiple ? rest : undefined);
  };
  return (
    <div className="file-widget">
      <div className="input-wrap">
        <input
          type="file"
          id={id}
          name={id}
          className="input input-file"
          multiple={multiple}
          accept={typeof options.accept === 'string' ? options.accept : undefined}
          required={required && files.length === 0}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          aria-invalid={Boolean(rawErrors?.length)}
          aria-describedby={describedBy(props)}
          onChange={(event) => void pick(event)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      </div>
      {files.length > 0 && (
        <ul className="file-list">
          {files.map((url, i) => {
            const info = fileInfo(url);
            const size = info.size < 1024 ? intl.formatNumber(info.size, { style: 'unit', unit: 'byte' }) : intl.formatNumber(info.size / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
            return (
              <li key={i} className="file-row">
                <Paperclip size={16} aria-hidden="true" />
                <span className="file-name">{info.name}</span>
                <span className="file-meta">{info.type ? `${info.type}, ${size}` : size}</span>
                {!disabled && !readonly && (
                  <button type="button" className="icon-btn icon-btn-danger" aria-label={intl.formatMessage({ id: 'form.removeFile' }, { name: info.name })} title={intl.formatMessage({ id: 'form.removeFile' }, { name: info.name })} onClick={() => remove(i)}>
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
