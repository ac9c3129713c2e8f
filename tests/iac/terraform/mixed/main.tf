data "alicloud_zones" "default" {
  available_resource_creation = "VSwitch"
}

data "alicloud_images" "ubuntu" {
  name_regex  = "^ubuntu_22"
  owners      = "system"
  most_recent = true
}

locals {
  name = "mixed"
  cidr = "192.168.0.0/16"
}

resource "alicloud_vpc" "main" {
  vpc_name   = local.name
  cidr_block = local.cidr
}

resource "alicloud_vswitch" "main" {
  vpc_id     = alicloud_vpc.main.id
  cidr_block = cidrsubnet(local.cidr, 8, 1)
  zone_id    = data.alicloud_zones.default.zones[0].id
}

resource "alicloud_nat_gateway" "main" {
  vpc_id           = alicloud_vpc.main.id
  nat_gateway_name = "${local.name}-nat"
  payment_type     = "PayAsYouGo"
  vswitch_id       = alicloud_vswitch.main.id
  nat_type         = "Enhanced"
}

resource "alicloud_eip_address" "nat" {
  address_name = "${local.name}-eip"
}

resource "alicloud_eip_association" "nat" {
  allocation_id = alicloud_eip_address.nat.id
  instance_id   = alicloud_nat_gateway.main.id
}

resource "alicloud_security_group" "main" {
  vpc_id = alicloud_vpc.main.id
}

resource "alicloud_instance" "app" {
  instance_type     = "ecs.g7.large"
  image_id          = data.alicloud_images.ubuntu.images[0].id
  vswitch_id        = alicloud_vswitch.main.id
  security_groups   = [alicloud_security_group.main.id]
  availability_zone = data.alicloud_zones.default.zones[0].id
  data_disks {
    category = "cloud_essd"
    size     = 40
  }
}

resource "alicloud_oss_bucket" "logs" {
  for_each = toset(["a", "b"])
  bucket   = "mixed-logs-${each.key}"
}

output "nat_id" {
  value = alicloud_nat_gateway.main.id
}

output "vpc_id" {
  value = alicloud_vpc.main.id
}
