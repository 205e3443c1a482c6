/** 租户系统配置的服务端消息：`errors:tenantsettings.<reason>`（SPEC §2 Tenant sysconfig）。 */
export default {
  number_range: '{{field}}必须是 {{min}} 到 {{max}} 之间的整数',
};
