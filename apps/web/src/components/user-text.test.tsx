import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { USER_CONTENT, UserText, userColumn } from './user-text';

describe('user data marker', () => {
  it('marks inline text, and every cell of a user column (its own onCell kept), not the heading', () => {
    render(
      <>
        <UserText>使用指南</UserText>
        <p {...USER_CONTENT}>body</p>
        <Table
          rowKey="id"
          pagination={false}
          dataSource={[{ id: 1, title: 'nightly report export', views: 3 }]}
          columns={[
            userColumn({ title: 'Title', dataIndex: 'title', onCell: () => ({ className: 'own' }) }),
            { title: 'Views', dataIndex: 'views' },
          ]}
        />
      </>,
    );
    expect(screen.getByText('使用指南').hasAttribute('data-user-content')).toBe(true);
    expect(screen.getByText('body').hasAttribute('data-user-content')).toBe(true);
    const cell = screen.getByText('nightly report export').closest('td')!;
    expect(cell.hasAttribute('data-user-content')).toBe(true);
    expect(cell.classList.contains('own')).toBe(true);
    expect(screen.getByText('3').closest('td')!.hasAttribute('data-user-content')).toBe(false);
    expect(screen.getByText('Title').closest('[data-user-content]')).toBeNull();
  });
});
