import '../messages';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useGroupDetail, useSaveGroup } from '../api';
import { GroupCard } from '../components/group-card';

/** `/sites/group`: create, rename and delete site groups, and move sites between them. */
export default function SiteGroupsPage() {
  const { t } = useTranslation();
  const detail = useGroupDetail();
  const save = useSaveGroup();
  const [form] = Form.useForm<{ name: string }>();
  const groups = detail.data?.list ?? [];
  const options = groups.map((g) => ({ value: g.id, label: g.name }));
  return (
    <Card className="page-card">
      <PageHeader title={t('siteAdmin.groupsTitle')}>
        <Link to="/dashboard">
          <Button icon={<ArrowLeftOutlined />}>{t('siteAdmin.back')}</Button>
        </Link>
        <Form
          form={form}
          layout="inline"
          className="inline-form"
          onFinish={({ name }) => save.mutate({ name: name.trim() }, { onSuccess: () => form.resetFields() })}
        >
          <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('login.required') }]}>
            <Input maxLength={32} placeholder={t('siteAdmin.groupName')} data-testid="group-name" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={save.isPending}
            data-testid="group-add"
          >
            {t('siteAdmin.groupAdd')}
          </Button>
        </Form>
      </PageHeader>
      {detail.isLoading ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.id} xs={24} md={12} xl={8}>
              <GroupCard group={group} sites={group.sites} groupOptions={options} />
            </Col>
          ))}
          <Col xs={24} md={12} xl={8}>
            <GroupCard group={null} sites={detail.data?.ungrouped ?? []} groupOptions={options} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
