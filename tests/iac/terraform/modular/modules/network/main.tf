resource "alicloud_vpc" "this" {
  vpc_name   = "modular"
  cidr_block = var.cidr_block
}

resource "alicloud_vswitch" "this" {
  vpc_id     = alicloud_vpc.this.id
  cidr_block = cidrsubnet(var.cidr_block, 8, 0)
  zone_id    = data.alicloud_zones.available.zones[0].id
}

resource "alicloud_security_group" "this" {
  vpc_id = alicloud_vpc.this.id
}

data "alicloud_zones" "available" {
  available_resource_creation = "VSwitch"
}
