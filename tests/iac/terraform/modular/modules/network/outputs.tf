output "vswitch_id" {
  value = alicloud_vswitch.this.id
}

output "security_group_id" {
  value = alicloud_security_group.this.id
}
