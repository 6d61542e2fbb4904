import type { ElementType, HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';

/**
 * The marker of user data: text a person typed or a visitor's browser sent (names, titles, subjects,
 * notes, bodies, domains, key names, audit values…), shown as it was entered and so in no interface
 * language. `data-user-content` on the element that holds it; the language walk
 * (e2e/specs/language-walk.spec.ts) reads every page without the text inside marked elements, so a
 * Chinese title in the English interface is no failure while a Chinese label is.
 */
export const USER_CONTENT = { 'data-user-content': '' } as const;

/** User data inline (`as` picks the element: a span unless a block is needed). */
export function UserText({
  children,
  as: Tag = 'span',
  ...rest
}: { children: ReactNode; as?: ElementType } & HTMLAttributes<HTMLElement>) {
  return (
    <Tag {...rest} {...USER_CONTENT}>
      {children}
    </Tag>
  );
}

type CellProps = TdHTMLAttributes<HTMLTableCellElement>;

/** A table cell's props marking it as user data (antd's column `onCell`). */
export const userCell = (): CellProps => USER_CONTENT as CellProps;

/** An antd table column whose cells are user data: each `<td>` is marked (its own `onCell` kept). */
export function userColumn<C extends { onCell?: (row: never, index?: number) => object }>(column: C): C {
  const own = column.onCell as ((row: unknown, index?: number) => CellProps) | undefined;
  return {
    ...column,
    onCell: (row: unknown, index?: number) => ({ ...own?.(row, index), ...userCell() }),
  };
}
