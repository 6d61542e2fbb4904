import { Typography } from 'antd';

/**
 * A message with code in it: the parts between backticks are shown as code, so a sentence can name a
 * header or a call in any language and the code keeps its own spelling (and reads as code to a screen
 * reader and to the language walk).
 */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message never reorder
          <Typography.Text code key={i}>
            {part}
          </Typography.Text>
        ) : (
          part
        ),
      )}
    </>
  );
}
