provider "alicloud" {
  region = "cn-hangzhou"
}

locals {
  common_tags = {
    Project   = "iaccode"
    ManagedBy = "terraform"
  }
}

resource "alicloud_vpc" "main" {
  vpc_name    = "${var.name_prefix}-vpc"
  cidr_block  = var.vpc_cidr
  enable_ipv6 = var.enable_ipv6
  description = "VPC for the ${var.name_prefix} environment"
  tags        = local.common_tags
}

resource "alicloud_vswitch" "app_a" {
  vswitch_name = "${var.name_prefix}-app-a"
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = "10.0.1.0/24"
  zone_id      = var.zone_ids[0]
}

resource "alicloud_vswitch" "app_b" {
  vswitch_name = "${var.name_prefix}-app-b"
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = "10.0.2.0/24"
  zone_id      = var.zone_ids[1]
}

resource "alicloud_security_group" "web" {
  security_group_name = "${var.name_prefix}-web"
  description         = "Web servers"
  vpc_id              = alicloud_vpc.main.id
}

resource "alicloud_security_group_rule" "ssh" {
  type              = "ingress"
  ip_protocol       = "tcp"
  nic_type          = "intranet"
  policy            = "accept"
  port_range        = "22/22"
  priority          = 1
  security_group_id = alicloud_security_group.web.id
  cidr_ip           = var.admin_cidr
}

resource "alicloud_security_group_rule" "https" {
  type              = "ingress"
  ip_protocol       = "tcp"
  port_range        = "443/443"
  security_group_id = alicloud_security_group.web.id
  cidr_ip           = "0.0.0.0/0"
}

resource "alicloud_security_group_rule" "all_out" {
  type              = "egress"
  ip_protocol       = "all"
  security_group_id = alicloud_security_group.web.id
  cidr_ip           = "0.0.0.0/0"
}
