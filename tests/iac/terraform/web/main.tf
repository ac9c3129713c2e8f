resource "alicloud_vpc" "this" {
  vpc_name   = "web-vpc"
  cidr_block = "10.10.0.0/16"
}

resource "alicloud_vswitch" "this" {
  vpc_id       = alicloud_vpc.this.id
  cidr_block   = "10.10.1.0/24"
  zone_id      = var.zone_id
  vswitch_name = "web-vsw"
}

resource "alicloud_security_group" "this" {
  name   = "web-sg"
  vpc_id = alicloud_vpc.this.id
}

resource "alicloud_security_group_rule" "http" {
  type              = "ingress"
  ip_protocol       = "tcp"
  port_range        = "80/80"
  security_group_id = alicloud_security_group.this.id
  cidr_ip           = "0.0.0.0/0"
}

resource "alicloud_instance" "web" {
  count                      = 2
  instance_name              = "web-${count.index}"
  instance_type              = var.instance_type
  image_id                   = var.image_id
  vswitch_id                 = alicloud_vswitch.this.id
  security_groups            = [alicloud_security_group.this.id]
  system_disk_category       = "cloud_essd"
  internet_max_bandwidth_out = 0
  tags = {
    Role = "web"
  }
}

resource "alicloud_slb_load_balancer" "web" {
  load_balancer_name   = "web-slb"
  address_type         = "internet"
  load_balancer_spec   = "slb.s1.small"
  vswitch_id           = alicloud_vswitch.this.id
  internet_charge_type = "PayByTraffic"
}

resource "alicloud_slb_listener" "http" {
  load_balancer_id = alicloud_slb_load_balancer.web.id
  frontend_port    = 80
  backend_port     = 80
  protocol         = "http"
  bandwidth        = 10
  health_check     = "on"
}

resource "alicloud_slb_attachment" "web" {
  load_balancer_id = alicloud_slb_load_balancer.web.id
  instance_ids     = alicloud_instance.web[*].id
  weight           = 100
}

resource "alicloud_db_instance" "db" {
  engine                   = "MySQL"
  engine_version           = "8.0"
  instance_type            = "mysql.n2.medium.2c"
  instance_storage         = 20
  db_instance_storage_type = "cloud_essd"
  vswitch_id               = alicloud_vswitch.this.id
  security_ips             = var.db_whitelist
  instance_name            = "web-db"
}

resource "alicloud_db_account" "app" {
  db_instance_id   = alicloud_db_instance.db.id
  account_name     = "app"
  account_password = var.db_password
}

resource "alicloud_db_database" "app" {
  instance_id   = alicloud_db_instance.db.id
  name          = "app"
  character_set = "utf8mb4"
}

resource "alicloud_oss_bucket" "assets" {
  bucket = "web-assets-example"
  acl    = "private"
  tags = {
    Role = "assets"
  }
}
