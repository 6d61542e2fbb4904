import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { ConfigProvider, type DatePicker, type GetRef, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  type ComponentType,
  type CSSProperties,
  type Ref,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { KeyboardRangePickerProps } from './keyboard-range-picker-field';
import './keyboard-range-picker.css';

type PickerRef = GetRef<typeof DatePicker.RangePicker>;
type Field = ComponentType<KeyboardRangePickerProps & { ref?: Ref<PickerRef> }>;

/**
 * One picker module fetched once (the date picker's stand-in, keyboard-date-picker.tsx, loads its own
 * the same way): `loaded()` once it is here, `load()` fetches it (again after a failure).
 */
export function pickerLoader<T>(importer: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => value,
    load(): Promise<T> {
      loading ??= importer().then(
        (module) => {
          value = module;
          return module;
        },
        (error: unknown) => {
          // A failed chunk (offline, a deploy in between) may be fetched again on the next try.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * antd's date pickers are about 27 KB on the wire (vite.config.ts, the `antd-picker` chunk) and a
 * range filter is only a picker once somebody opens it: /site/overview and the lists with a day
 * filter show it closed on their first load. So the real picker (keyboard-range-picker-field.tsx)
 * is fetched when the pointer comes over the filter or it takes the focus, and until then a look-alike
 * of the closed picker stands in (same boxes, antd's own tokens, keyboard-range-picker.css).
 */
const rangeField = pickerLoader<Field>(() =>
  import('./keyboard-range-picker-field').then((module) => module.KeyboardRangePickerField),
);

const DAY = 'YYYY-MM-DD';

/** antd's RangePicker that Tab can leave (keyboard-range-picker-field.tsx), loaded when first used. */
export function KeyboardRangePicker(props: KeyboardRangePickerProps) {
  const [Loaded, setLoaded] = useState<Field | undefined>(() => rangeField.loaded());
  const picker = useRef<PickerRef>(null);
  // The field (0 start, 1 end) that had the focus or the press when the real picker was asked for,
  // and whether it was a press (which opens the picker; the focus alone, as by Tab, does not).
  const wanted = useRef<{ index: number; open: boolean } | null>(null);
  const swapping = useRef(false);

  const load = (index?: number, open = false) => {
    if (index !== undefined) wanted.current = { index, open: open || (wanted.current?.open ?? false) };
    rangeField.load().then(
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
    // The stand-in held the focus until it left the page; a focus that moved on since stays there
    // (a press still opens the picker, as it would have on the real one).
    const active = document.activeElement;
    if (!want.open && active && active !== document.body) return;
    const input = picker.current?.nativeElement.querySelectorAll('input')[want.index];
    input?.focus();
    // The press landed on the stand-in: the real picker opens on a click, so hand it one.
    if (want.open) input?.click();
  }, [Loaded]);

  if (Loaded) return <Loaded {...props} ref={picker} />;
  return (
    <RangeStandIn
      props={props}
      onWant={load}
      onLeave={() => {
        if (!swapping.current) wanted.current = null;
      }}
    />
  );
}

/** The closed RangePicker's look (antd 6's boxes and tokens) without antd's picker code. */
function RangeStandIn({
  props,
  onWant,
  onLeave,
}: {
  props: KeyboardRangePickerProps;
  onWant(index?: number, open?: boolean): void;
  onLeave(): void;
}) {
  const { token } = theme.useToken();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const style = useStandInStyle(props.size, props.style);
  const placeholder = (Array.isArray(props.placeholder) ? props.placeholder : undefined) ??
    locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  const value = (props.value ?? null) as [Dayjs | null, Dayjs | null] | null;
  const testId = (props as { 'data-testid'?: string })['data-testid'];

  const input = (index: 0 | 1) => (
    <div className="range-stand-in-input">
      <input
        readOnly
        autoComplete="off"
        size={12}
        placeholder={placeholder[index]}
        value={value?.[index]?.format(DAY) ?? ''}
        onFocus={() => onWant(index)}
        onMouseDown={() => onWant(index, true)}
        onBlur={onLeave}
        data-testid={testId}
      />
    </div>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the fields inside are the keyboard's way in; a click beside them focuses the first, as on antd's picker
    <div
      className={['range-stand-in', props.className].filter(Boolean).join(' ')}
      style={style}
      onPointerEnter={() => onWant()}
      // Like antd's picker: a press beside the fields does not take the focus from them and opens
      // the picker on the first field (a press on a field opens it on that one).
      onMouseDown={(e) => {
        if (e.target instanceof HTMLInputElement) return;
        e.preventDefault();
        onWant(0, true);
      }}
    >
      {input(0)}
      <div className="range-stand-in-separator">
        <span aria-hidden="true" style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeLG }}>
          <SwapRightOutlined />
        </span>
      </div>
      {input(1)}
      <span
        className="range-stand-in-suffix"
        style={{ color: token.colorTextQuaternary, marginInlineStart: token.paddingXS / 2 }}
      >
        <CalendarOutlined aria-hidden="true" />
      </span>
    </div>
  );
}

/**
 * The closed picker's box in antd 6's tokens (keyboard-range-picker.css draws the shapes): the range
 * stand-in above and the date picker's (keyboard-date-picker.tsx).
 */
export function useStandInStyle(sizeProp: KeyboardRangePickerProps['size'], extra?: CSSProperties) {
  const { token } = theme.useToken();
  const { componentSize } = ConfigProvider.useConfig();
  const size = sizeProp ?? componentSize ?? 'middle';
  // antd's input paddings: what is left of the control's height around one line of text.
  const [height, fontSize, lineHeight, paddingInline, radius] =
    size === 'large'
      ? [
          token.controlHeightLG,
          token.fontSizeLG,
          token.lineHeightLG,
          token.controlPaddingHorizontal,
          token.borderRadiusLG,
        ]
      : size === 'small'
        ? [
            token.controlHeightSM,
            token.fontSize,
            token.lineHeight,
            token.controlPaddingHorizontalSM,
            token.borderRadiusSM,
          ]
        : [token.controlHeight, token.fontSize, token.lineHeight, token.paddingSM, token.borderRadius];
  const paddingBlock = Math.max(
    Math.round(((height - fontSize * lineHeight) / 2) * 10) / 10 - token.lineWidth,
    0,
  );
  return {
    '--range-border': token.colorBorder,
    '--range-border-hover': token.colorPrimaryHover,
    '--range-placeholder': token.colorTextPlaceholder,
    '--range-line-height': lineHeight,
    padding: `${paddingBlock}px ${paddingInline - token.lineWidth}px`,
    borderWidth: token.lineWidth,
    borderRadius: radius,
    background: token.colorBgContainer,
    color: token.colorText,
    fontFamily: token.fontFamily,
    fontSize,
    ...extra,
  } as CSSProperties;
}
