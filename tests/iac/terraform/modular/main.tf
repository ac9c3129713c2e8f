module "network" {
  source     = "./modules/network"
  cidr_block = var.cidr_block
}

resource "alicloud_instance" "app" {
  instance_type   = var.instance_type
  image_id        = "aliyun_3_x64_20G_alibase_20240819.vhd"
  vswitch_id      = module.network.vswitch_id
  security_groups = [module.network.security_group_id]
  user_data       = templatefile("${path.module}/templates/user_data.tftpl", { port = 8080 })
}

output "instance_id" {
  value = alicloud_instance.app.id
}
