import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider, type DatePicker, type GetRef, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ComponentType, type Ref, useContext, useEffect, useRef, useState } from 'react';
import type { KeyboardDatePickerProps } from './keyboard-date-picker-field';
import { pickerLoader, useStandInStyle } from './keyboard-range-picker';
import './keyboard-range-picker.css';

type PickerRef = GetRef<typeof DatePicker>;
type Field = ComponentType<KeyboardDatePickerProps & { ref?: Ref<PickerRef> }>;

/**
 * A form's date (and time) field, as KeyboardRangePicker is a filter's range: antd's DatePicker (the
 * `antd-picker` chunk, about 30 KB on the wire) is fetched when the pointer comes over the field or it
 * takes the focus, and until then a look-alike of the closed picker stands in, with the same value
 * (a Dayjs or null), the same test id on its input and the same boxes (keyboard-range-picker.css).
 */
const dateField = pickerLoader<Field>(() =>
  import('./keyboard-date-picker-field').then((module) => module.KeyboardDatePickerField as Field),
);

export function KeyboardDatePicker(props: KeyboardDatePickerProps) {
  const [Loaded, setLoaded] = useState<Field | undefined>(() => dateField.loaded());
  const picker = useRef<PickerRef>(null);
  // Whether the stand-in had the focus or a press when the real picker was asked for, and whether it
  // was a press (which opens the picker; the focus alone, as by Tab, does not).
  const wanted = useRef<{ open: boolean } | null>(null);
  const swapping = useRef(false);

  const load = (focused: boolean, open = false) => {
    if (focused) wanted.current = { open: open || (wanted.current?.open ?? false) };
    dateField.load().then(
      (loaded) => {
        swapping.current = true;
        setLoaded(() => loaded);
      },
      () => undefined,
    );
  };

  useEffect(() => {
    const want = wanted.current;
    if (!Loaded || !want) return;
    wanted.current = null;
    // A focus that moved on since the stand-in left the page stays there.
    const active = document.activeElement;
    if (!want.open && active && active !== document.body) return;
    const input = picker.current?.nativeElement.querySelector('input');
    input?.focus();
    if (want.open) input?.click();
  }, [Loaded]);

  if (Loaded) return <Loaded {...props} ref={picker} />;
  return (
    <DateStandIn
      props={props}
      onWant={load}
      onLeave={() => {
        if (!swapping.current) wanted.current = null;
      }}
    />
  );
}

/** The closed DatePicker's look without antd's picker code. */
function DateStandIn({
  props,
  onWant,
  onLeave,
}: {
  props: KeyboardDatePickerProps;
  onWant(focused: boolean, open?: boolean): void;
  onLeave(): void;
}) {
  const { token } = theme.useToken();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const style = useStandInStyle(props.size, props.style);
  const format =
    typeof props.format === 'string' ? props.format : props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  // antd's own choice for a date (with or without time): the locale's `placeholder`.
  const lang = locale?.DatePicker?.lang;
  const placeholder =
    (typeof props.placeholder === 'string' ? props.placeholder : undefined) ?? lang?.placeholder ?? '';
  const value = (props.value ?? null) as Dayjs | null;
  const testId = (props as { 'data-testid'?: string })['data-testid'];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the field inside is the keyboard's way in; a press beside it focuses it, as on antd's picker
    <div
      className={['range-stand-in', props.className].filter(Boolean).join(' ')}
      style={style}
      onPointerEnter={() => onWant(false)}
      onMouseDown={(e) => {
        if (e.target instanceof HTMLInputElement) return;
        e.preventDefault();
        onWant(true, true);
      }}
    >
      <div className="range-stand-in-input">
        <input
          readOnly
          autoComplete="off"
          size={Math.max(format.length, placeholder.length, 12)}
          placeholder={placeholder}
          value={value?.format(format) ?? ''}
          onFocus={() => onWant(true)}
          onMouseDown={() => onWant(true, true)}
          onBlur={onLeave}
          data-testid={testId}
        />
      </div>
      <span
        className="range-stand-in-suffix"
        style={{ color: token.colorTextQuaternary, marginInlineStart: token.paddingXS / 2 }}
      >
        <CalendarOutlined aria-hidden="true" />
      </span>
    </div>
  );
}
