output "vpc_id" {
  value       = alicloud_vpc.main.id
  description = "The VPC ID."
}

output "vswitch_ids" {
  value = [alicloud_vswitch.app_a.id, alicloud_vswitch.app_b.id]
}

output "security_group_id" {
  value = alicloud_security_group.web.id
}
