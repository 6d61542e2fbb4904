import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ArticleCategory } from '@tally/contracts';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { lazySchemas } from '../../../lib/zod-check';
import { useCategories, useDeleteCategories, useSaveCategory } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

interface CategoryForm {
  name: string;
  sort: number;
}

/** 分类管理: add, rename, reorder and delete article categories. */
export function CategoryManager({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<CategoryForm>();
  const [editing, setEditing] = useState<ArticleCategory | null>(null);
  const categories = useCategories();
  const save = useSaveCategory();
  const del = useDeleteCategories();
  const reset = () => {
    setEditing(null);
    form.resetFields();
  };
  const onFinish = (values: CategoryForm) =>
    save.mutate(
      { ...values, id: editing?.id },
      {
        onSuccess: () => {
          void message.success(t('content.category.saved'));
          reset();
        },
      },
    );
  const columns: TableColumnsType<ArticleCategory> = [
    {
      title: t('content.category.name'),
      dataIndex: 'name',
      render: (name: string) => <span className="break-all">{name}</span>,
    },
    { title: t('content.category.sort'), dataIndex: 'sort', width: 80 },
    { title: t('content.category.count'), dataIndex: 'article_count', width: 90 },
    {
      title: t('content.columns.actions'),
      width: 100,
      render: (_, category) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('content.category.edit')}
            onClick={() => {
              setEditing(category);
              form.setFieldsValue({ name: category.name, sort: category.sort });
            }}
          />
          <Popconfirm
            title={t('content.category.deleteConfirm')}
            onConfirm={() =>
              del.mutate(
                { ids: [category.id] },
                { onSuccess: () => void message.success(t('content.category.deleted')) },
              )
            }
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('content.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('content.categories')} width={640}>
      <Form<CategoryForm>
        form={form}
        layout="inline"
        className="category-form"
        initialValues={{ name: '', sort: 0 }}
        onFinish={onFinish}
        data-testid="category-form"
      >
        <Form.Item
          name="name"
          rules={[schemas.fieldRule('categorySaveBodySchema', 'name')]}
          className="category-name"
        >
          <Input placeholder={t('content.category.name')} data-testid="category-name" />
        </Form.Item>
        <Form.Item
          name="sort"
          tooltip={t('content.category.sortHelp')}
          rules={[schemas.fieldRule('categorySaveBodySchema', 'sort')]}
        >
          <InputNumber min={0} max={9999} precision={0} placeholder={t('content.category.sort')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="category-save">
            {editing ? t('content.category.save') : t('content.category.add')}
          </Button>
          {editing && <Button onClick={reset}>{t('content.category.cancel')}</Button>}
        </Space>
      </Form>
      <Table<ArticleCategory>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={categories.data}
        loading={categories.isFetching}
        pagination={false}
        locale={{ emptyText: t('content.category.empty') }}
        scroll={{ x: 420 }}
      />
    </Modal>
  );
}
